import Foundation
import SwitchboardCore
import SwitchboardNet
import SwitchboardSigV4
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `AWS_IAM` end to end over loopback: the default SigV4 signer signs last (custom headers
/// included) and the server-side verifier accepts exactly that request and nothing tampered.
@Suite struct LoopbackIAMSigningTests {
    static let credentials = AWSCredentials(
        accessKeyId: "AKIDLOOPBACK", secretAccessKey: "loopback/secret/key+0123456789abcdefghijk",
        sessionToken: "loopback-session-token")
    static let verifier = SigV4Verifier(region: "us-east-1", service: "appsync") { id in
        id == credentials.accessKeyId ? credentials : nil
    }
    static let ok = HTTPResponse.json(#"{"data":{"ping":"pong"}}"#)
    static let ping = GraphQLRequest(document: "{ ping }", responseType: String.self, decodePath: "ping")

    static func signable(_ request: HTTPRequest) -> SigV4Request {
        SigV4Request(
            method: request.method, target: request.target,
            headers: request.headers.map { SigV4HeaderField($0.name, $0.value) }, body: request.body)
    }

    static func plugin(
        server: LoopbackGraphQLServer, signer: any IAMRequestSigner, authorizationType: String = "AWS_IAM",
        region: String? = "us-east-1"
    ) async throws -> APIPlugin {
        let plugin = try APIPlugin(iamSigner: signer)
        try plugin.configure(
            using: SwitchboardConfiguration(
                data: server.configurationJSON(authorizationType: authorizationType, region: region)))
        return plugin
    }

    @Test func iamQueryCarriesASignatureTheVerifierAcceptsIncludingInterceptorHeaders() async throws {
        let verdicts = Locked<[String]>([])
        let server = try await LoopbackGraphQLServer { request in
            do {
                let verified = try Self.verifier.verify(Self.signable(request))
                verdicts.withLock { $0.append("ok " + verified.signedHeaders.joined(separator: ";")) }
                return Self.ok
            } catch {
                verdicts.withLock { $0.append("refused \(error)") }
                return HTTPResponse.json(#"{"errors":[{"message":"signature"}]}"#, status: 403)
            }
        }
        defer { Task { await server.stop() } }
        let plugin = try await Self.plugin(
            server: server, signer: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(Self.credentials))
        )
        try plugin.add(interceptor: HeaderInterceptor(name: "X-Trace", value: "trace  1"), for: "todo")
        #expect(try await plugin.query(request: Self.ping).get() == #""pong""#)
        let verdict = try #require(verdicts.withLock { $0.first })
        #expect(verdict.hasPrefix("ok "), "\(verdict)")
        let signed = verdict.dropFirst(3).split(separator: ";").map(String.init)
        for name in ["accept", "content-type", "host", "x-amz-date", "x-amz-security-token", "x-trace"] {
            #expect(signed.contains(name), "\(name) is not signed: \(signed)")
        }
        let received = try #require(server.requests.first)
        #expect(received.headers["Authorization"]?.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDLOOPBACK/") == true)
        #expect(received.headers["X-Amz-Security-Token"] == Self.credentials.sessionToken)
    }

    @Test func tamperingWithAnySignedHeaderOrTheBodyFailsVerification() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let plugin = try await Self.plugin(
            server: server, signer: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(Self.credentials))
        )
        try plugin.add(interceptor: HeaderInterceptor(name: "X-Trace", value: "original"), for: "todo")
        _ = try await plugin.query(request: Self.ping)
        let request = Self.signable(try #require(server.requests.first))
        let verified = try Self.verifier.verify(request)
        #expect(verified.signedHeaders.contains("x-trace"))
        for name in verified.signedHeaders {
            var tampered = request
            let value = try #require(tampered.value(forHeader: name))
            tampered.setHeader(name, value + "0")
            #expect(throws: SigV4VerificationError.self, "tampering with \(name) went unnoticed") {
                try Self.verifier.verify(tampered)
            }
        }
        var body = request
        body.body = Array(#"{"query":"{ pong }"}"#.utf8)
        #expect(throws: SigV4VerificationError.self) { try Self.verifier.verify(body) }
    }

    @Test func missingCredentialsIsAConfigurationErrorBeforeAnyNetworkIO() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let nowhere = CredentialsProviderChain([
            EnvironmentCredentialsProvider(environment: [:]),
            SharedFileCredentialsProvider(environment: [
                "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/credentials", "AWS_CONFIG_FILE": "/nonexistent/config",
            ]),
        ])
        let plugin = try await Self.plugin(server: server, signer: SigV4RequestSigner(credentialsProvider: nowhere))
        await #expect {
            _ = try await plugin.query(request: Self.ping)
        } throws: { error in
            guard case APIError.invalidConfiguration(let message, _, _) = error else { return false }
            return message.contains("AWS_ACCESS_KEY_ID")
        }
        #expect(server.requests.isEmpty)
    }

    @Test func missingRegionIsAConfigurationErrorBeforeAnyNetworkIO() async throws {
        let server = try await LoopbackGraphQLServer { _ in Self.ok }
        defer { Task { await server.stop() } }
        let plugin = try await Self.plugin(
            server: server,
            signer: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(Self.credentials)),
            authorizationType: "API_KEY", region: nil)
        var request = Self.ping
        request.authMode = .awsIAM
        await #expect {
            _ = try await plugin.query(request: request)
        } throws: { error in
            guard case APIError.invalidConfiguration = error else { return false }
            return true
        }
        #expect(server.requests.isEmpty)
    }

    @Test func thePluginSignsWithSigV4ByDefault() async throws {
        let plugin = try APIPlugin()
        #expect(await plugin.iamSigner is SigV4RequestSigner)
    }

    /// The real-time authorizer (through `IAMRequestSigner`) and `AppSyncIAMAuthorization` produce
    /// the same objects, with the reference's header set.
    @Test func realtimeAuthorizerAgreesWithAppSyncIAMAuthorization() async throws {
        let time = Date(timeIntervalSince1970: 1_795_426_200)
        let endpoint = try APIEndpointConfiguration(
            name: "todo",
            endpoint: URL(string: "https://example1234567890000.appsync-api.us-east-1.amazonaws.com/graphql")!,
            region: "us-east-1", authorizationType: .awsIAM)
        let signer = SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(Self.credentials), now: { time })
        let authorizer = RealtimeAuthorizer(endpoint: endpoint.endpoint, authorizationType: .awsIAM)
        let captured = Locked<URLRequest?>(nil)
        // The stages before the transport, as the connection runs them, and a transport that
        // keeps the authorized request.
        let chain = HTTPChain(stages: [
            AuthorizationStage(tokenProviders: [:]), InterceptorStage(interceptors: []),
            IAMSigningStage(signer: signer),
            CapturingTransport(captured: captured),
        ])
        let context = OperationContext(
            endpoint: endpoint, authorizationType: .awsIAM, operationType: .subscription, operationName: nil)
        func authorizationObject(_ request: URLRequest) async throws -> [String: String] {
            _ = try await chain.run(request, context: context, trace: nil)
            return authorizer.authorizationObject(from: try #require(captured.withLock { $0 }))
        }
        let reference = AppSyncIAMAuthorization(
            apiHost: "example1234567890000.appsync-api.us-east-1.amazonaws.com", region: "us-east-1")
        let handshake = try await authorizationObject(authorizer.handshakeRequest())
        #expect(handshake == (try reference.handshake(credentials: Self.credentials, date: time)))
        #expect(
            Set(handshake.keys) == [
                "accept", "content-encoding", "content-type", "host", "x-amz-date", "Authorization",
                "X-Amz-Security-Token",
            ])
        let data = #"{"query":"subscription { onCreateTodo { id } }","variables":{}}"#
        let start = try await authorizationObject(authorizer.startRequest(data: data))
        #expect(start == (try reference.start(data: data, credentials: Self.credentials, date: time)))
        #expect(handshake["Authorization"] != start["Authorization"])
    }
}

/// Keeps the request it is given, and answers it with an empty `200`.
private struct CapturingTransport: OperationStage {
    let captured: Locked<URLRequest?>
    var name: StageName { .transport }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        captured.withLock { $0 = request }
        return HTTPTransportResponse(statusCode: 200, headers: [:], body: Data())
    }
}
