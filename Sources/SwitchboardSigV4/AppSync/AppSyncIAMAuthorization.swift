import Foundation

/// The `AWS_IAM` authorization objects of AppSync's real-time protocol: the handshake's (a signed
/// `POST https://<api-host>/graphql/connect` with body `{}`) and each `start` message's (a signed
/// `POST https://<api-host>/graphql` with the message's `data` string as body).
///
/// Each object holds the signed headers `accept`, `content-encoding`, `content-type`, `host`,
/// `x-amz-date` (and the session token), plus `Authorization` and `X-Amz-Security-Token`.
package struct AppSyncIAMAuthorization: Sendable {
    /// AppSync's SigV4 service name.
    package static let service = "appsync"
    /// The `accept` value AppSync's real-time signatures use.
    package static let accept = "application/json, text/javascript"
    /// The `content-encoding` value AppSync's real-time signatures use.
    package static let contentEncoding = "amz-1.0"
    /// The `content-type` value AppSync's real-time signatures use.
    package static let contentType = "application/json; charset=UTF-8"

    /// The GraphQL API's host (with `:port` when not the default), never the real-time host.
    package let apiHost: String
    /// The API's region.
    package let region: String
    private let signer: SigV4Signer

    /// Authorizes subscriptions to the API at `apiHost` in `region`.
    package init(apiHost: String, region: String, signer: SigV4Signer = SigV4Signer()) {
        self.apiHost = apiHost
        self.region = region
        self.signer = signer
    }

    /// The auth object for the connection handshake.
    package func handshake(credentials: AWSCredentials, date: Date = Date()) throws(SigV4Error) -> [String: String] {
        try object(path: "/graphql/connect", body: Array("{}".utf8), credentials: credentials, date: date)
    }

    /// The auth object for a `start` message whose `payload.data` is `data`.
    package func start(data: String, credentials: AWSCredentials, date: Date = Date()) throws(SigV4Error)
        -> [String: String]
    {
        try object(path: "/graphql", body: Array(data.utf8), credentials: credentials, date: date)
    }

    /// The auth object for the handshake (`data == nil`) or a `start`, with credentials from `provider`.
    package func object(data: String?, credentialsProvider provider: any AWSCredentialsProvider, date: Date = Date())
        async throws -> [String: String]
    {
        let credentials = try await provider.credentials()
        return try data.map { try start(data: $0, credentials: credentials, date: date) }
            ?? handshake(credentials: credentials, date: date)
    }

    private func object(path: String, body: [UInt8], credentials: AWSCredentials, date: Date) throws(SigV4Error)
        -> [String: String]
    {
        var request = SigV4Request(
            method: "POST", path: path,
            headers: [
                SigV4HeaderField("accept", Self.accept),
                SigV4HeaderField("content-encoding", Self.contentEncoding),
                SigV4HeaderField("content-type", Self.contentType),
                SigV4HeaderField("host", apiHost),
            ], body: body)
        let signature = try signer.sign(
            &request, credentials: credentials, region: region, service: Self.service, date: date)
        var object: [String: String] = [
            "accept": Self.accept, "content-encoding": Self.contentEncoding, "content-type": Self.contentType,
            "host": apiHost, "x-amz-date": signature.timestamp.amzDate, "Authorization": signature.authorization,
        ]
        if let token = credentials.sessionToken { object["X-Amz-Security-Token"] = token }
        return object
    }
}
