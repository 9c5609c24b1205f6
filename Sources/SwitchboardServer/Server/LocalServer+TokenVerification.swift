import Foundation
import Switchboard

extension LocalServer {
    /// How Cognito user-pool and OIDC tokens are verified: an RS256 or ES256 signature by one of
    /// the issuer's public keys, an `exp` not past, `nbf` and `iat` not ahead (each with 60
    /// seconds of leeway for clock skew), an `iss` among ``issuers``, a `token_use` (when
    /// present) of `id` or `access`, and, when ``clientIDs`` is not empty, an `aud` (ID tokens)
    /// or `client_id` (Cognito access tokens) among them.
    ///
    /// Without it (``Configuration/tokenVerification`` `nil`), tokens are trusted unverified when
    /// the server listens on a loopback address (127.0.0.0/8, `::1`, `localhost`), as
    /// `amplify mock` does, and refused on any other.
    public struct TokenVerification: Sendable, Hashable {
        /// JWKS documents (RFC 7517, `{"keys": […]}`) holding the issuers' public keys, read when
        /// the server starts: a user pool's `https://cognito-idp.<region>.amazonaws.com/<pool
        /// id>/.well-known/jwks.json` or an OIDC provider's `jwks_uri`, saved to disk. Keys other
        /// than RSA (2048 bits or more) and EC P-256 signing keys are skipped; a file without one
        /// stops the start. When the issuer rotates its keys, save its new document over the
        /// file: the server notices within a second (it compares the files' modification time,
        /// size and file number as tokens arrive) and verifies with the new keys, and a withdrawn
        /// key stops verifying. A changed file that cannot be used (half-written, removed,
        /// without a usable key) keeps the previous keys and logs a warning.
        public var keySetFiles: [URL]
        /// The `iss` values accepted (at least one), such as
        /// `https://cognito-idp.<region>.amazonaws.com/<pool id>`.
        public var issuers: [String]
        /// The app client IDs accepted in `aud` or `client_id`; empty (the default) accepts any.
        public var clientIDs: [String]
        /// How often the key set files are looked at for changes, at most.
        package var keyCheckInterval = KeySetFiles.defaultInterval
        /// How long after its `exp` a token is still accepted (see ``TokenVerifier/defaultLeeway``).
        package var leeway = TokenVerifier.defaultLeeway

        /// Creates verification settings.
        public init(keySetFiles: [URL], issuers: [String], clientIDs: [String] = []) {
            self.keySetFiles = keySetFiles
            self.issuers = issuers
            self.clientIDs = clientIDs
        }
    }

    /// What the server does with Cognito and OIDC tokens; `nil` when the schema uses neither.
    package var tokenPolicy: TokenPolicy? {
        realtime.authenticator.tokenModes.isEmpty ? nil : realtime.authenticator.tokens
    }
}

extension LocalServer.Configuration {
    /// The token policy: the keys read when verification is configured (and read again when
    /// their files change, `logger` telling), else what the host allows.
    func tokenPolicy(logger: SwitchboardLogger) throws(LocalServerError) -> TokenPolicy {
        guard let verification = tokenVerification else {
            return TokenPolicy.isLoopback(host: host) ? .unverified : .refused
        }
        do throws(TokenKeyError) {
            guard !verification.keySetFiles.isEmpty else { throw .noKeySetFiles }
            guard !verification.issuers.isEmpty else { throw .noIssuer }
            let keySet = try KeySetFiles(
                files: verification.keySetFiles, interval: verification.keyCheckInterval, logger: logger)
            return .verified(
                TokenVerifier(
                    keySet: keySet, issuers: verification.issuers, clientIDs: verification.clientIDs,
                    leeway: verification.leeway))
        } catch {
            throw .invalidConfiguration(error.description)
        }
    }
}
