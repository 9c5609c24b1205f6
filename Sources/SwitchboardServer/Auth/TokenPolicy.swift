import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the server does with Cognito user-pool and OIDC tokens. Unverified claims are anyone's
/// to forge, so they are trusted only where nobody else can connect.
package enum TokenPolicy: Sendable {
    /// Verified with the issuer's keys and the configured claims.
    case verified(TokenVerifier)
    /// Decoded and trusted as sent: no keys were given and the server listens on loopback only.
    case unverified
    /// Refused: no keys were given and the server listens beyond loopback.
    case refused

    /// What operators should be told at start-up when the schema uses token modes.
    func warning(host: String) -> String? {
        switch self {
        case .verified: nil
        case .unverified:
            "Cognito and OIDC tokens are accepted WITHOUT signature verification (their claims are trusted as "
                + "sent): no keys were given and the server listens on loopback only. For local development only; "
                + "give the issuer's keys (--jwks FILE --token-issuer URL) to verify them."
        case .refused:
            "Cognito and OIDC tokens are refused: no keys were given to verify them with and the server listens on "
                + "\(host), beyond loopback. Give the issuer's keys (--jwks FILE --token-issuer URL) to accept them."
        }
    }

    /// The 401 of a token this policy refuses outright.
    static let refusedFailure = AuthenticationFailure(
        message:
            "You are not authorized to make this call. Cognito and OIDC tokens are refused: this server listens "
            + "beyond loopback and has no keys to verify them with; its operator must start it with --jwks FILE and "
            + "--token-issuer URL.")

    /// Whether `host` is a loopback address (127.0.0.0/8, `::1`) or `localhost`, which only this
    /// machine can reach. Other names are not resolved: they count as reachable from elsewhere.
    static func isLoopback(host: String) -> Bool {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes == Array(repeating: 0, count: 15) + [1] { return true }
        // An IPv4-mapped loopback address (::ffff:127.x.y.z).
        return bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }
}
