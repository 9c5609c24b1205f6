import Foundation
import SwitchboardSigV4

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``IAMRequestSigner``: SigV4 with credentials from a provider (by default the
/// environment, then `~/.aws/credentials` and `~/.aws/config`).
///
/// Every header present when the IAM stage runs is signed — custom interceptors' included —
/// except hop-by-hop and client-controlled ones such as `user-agent` (botocore's list).
public struct SigV4RequestSigner: IAMRequestSigner {
    /// Where the credentials come from.
    package let credentialsProvider: any AWSCredentialsProvider
    private let signer: SigV4Signer
    private let now: @Sendable () -> Date

    /// A signer using `credentialsProvider`; `now` is the signing clock (for tests).
    public init(
        credentialsProvider: any AWSCredentialsProvider = CredentialsProviderChain.standard(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(credentialsProvider: credentialsProvider, signer: SigV4Signer(), now: now)
    }

    /// A signer using `credentialsProvider` and `signer`'s options.
    package init(
        credentialsProvider: any AWSCredentialsProvider, signer: SigV4Signer, now: @escaping @Sendable () -> Date
    ) {
        self.credentialsProvider = credentialsProvider
        self.signer = signer
        self.now = now
    }

    /// Adds `X-Amz-Date`, `X-Amz-Security-Token` (temporary credentials) and `Authorization`.
    /// Missing credentials are a configuration error, raised before any network I/O.
    public func sign(_ request: URLRequest, region: String, service: String) async throws -> URLRequest {
        guard let url = request.url else {
            throw APIError.invalidURL("The request to sign has no URL.", "Set the request's URL before signing.")
        }
        let credentials: AWSCredentials
        do {
            credentials = try await credentialsProvider.credentials()
        } catch let error as AWSCredentialsError {
            throw APIError.invalidConfiguration(
                "AWS_IAM signing has no usable AWS credentials: \(error)",
                "Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN), use a profile in "
                    + "~/.aws/credentials, or pass SigV4RequestSigner(credentialsProvider:) to APIPlugin(iamSigner:).",
                error)
        }
        let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
            SigV4HeaderField($0.key, $0.value)
        }
        var signable: SigV4Request
        do {
            signable = try SigV4Request(
                method: request.httpMethod ?? "GET", url: url, headers: headers,
                body: [UInt8](request.httpBody ?? Data()))
            try signer.sign(&signable, credentials: credentials, region: region, service: service, date: now())
        } catch {
            throw APIError.invalidConfiguration(
                "The request to \(url.absoluteString) cannot be signed: \(error)", "Check the API endpoint and region.",
                error)
        }
        var signed = request
        // Only the headers the signer added or replaced; the client derives Host from the URL itself,
        // exactly as the signer did.
        for name in ["X-Amz-Date", "X-Amz-Security-Token", "x-amz-content-sha256", "Authorization"] {
            if let value = signable.value(forHeader: name) { signed.setValue(value, forHTTPHeaderField: name) }
        }
        return signed
    }
}
