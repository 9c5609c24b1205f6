import Foundation
import SwitchboardCore
import SwitchboardMock
import SwitchboardNet
import SwitchboardSigV4
import Testing

@testable import SwitchboardAPI

/// REST requests over real sockets against the mock server: every verb, query parameters with
/// reserved characters, binary bodies, API key and token authorization with refresh on 401, and
/// what a non-2xx response becomes.
@Suite struct RESTRequestTests {
    /// A plugin whose REST API `shop` is `url` (with the `/dev` stage path API Gateway adds).
    static func plugin(
        _ url: URL, authorizationType: AuthorizationType = .none, apiKey: String? = nil,
        tokenProviders: [AuthorizationType: any AuthTokenProvider] = [:], iamSigner: (any IAMRequestSigner)? = nil
    ) throws -> APIPlugin {
        let plugin = try APIPlugin(authTokenProviders: tokenProviders, iamSigner: iamSigner)
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "shop", endpointType: .rest, endpoint: url.appendingPathComponent("dev"), region: "us-east-1",
                    authorizationType: authorizationType, apiKey: apiKey)
            ]))
        return plugin
    }

    @Test func everyVerbReachesItsPathWithItsBody() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(.GET, "/dev/items/:id", response: .json(["id": "{{params.id}}", "verb": "get"])),
            HTTPEndpoint(.PUT, "/dev/items/:id", response: .json(["verb": "put"])),
            HTTPEndpoint(.POST, "/dev/items", response: .created(body: .json(["verb": "post"]))),
            HTTPEndpoint(.PATCH, "/dev/items/:id", response: .json(["verb": "patch"])),
            HTTPEndpoint(.DELETE, "/dev/items/:id", response: .json(["verb": "delete"])),
            HTTPEndpoint(.HEAD, "/dev/items/:id", response: .ok(headers: ["x-count": "3"])),
        ])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(server.url)
        let body = Data(#"{"name":"lamp"}"#.utf8)
        let item = RESTRequest(path: "/items/42")
        let withBody = RESTRequest(path: "/items/42", body: body)

        #expect(try JSONValue(parsing: try await plugin.get(request: item)) == ["id": "42", "verb": "get"])
        #expect(try JSONValue(parsing: try await plugin.put(request: withBody))["verb"] == "put")
        #expect(
            try JSONValue(parsing: try await plugin.post(request: RESTRequest(path: "items", body: body)))["verb"]
                == "post")
        #expect(try JSONValue(parsing: try await plugin.patch(request: withBody))["verb"] == "patch")
        #expect(try JSONValue(parsing: try await plugin.delete(request: item))["verb"] == "delete")
        #expect(try await plugin.head(request: item).isEmpty)
        let head = try await plugin.send(item, method: .head)
        #expect(head.statusCode == 200 && head.headers["x-count"] == "3")
        let created = try await plugin.send(RESTRequest(path: "/items", body: body), method: .post)
        #expect(created.statusCode == 201)

        let received = server.receivedRequests
        #expect(received.map(\.method) == ["GET", "PUT", "POST", "PATCH", "DELETE", "HEAD", "HEAD", "POST"])
        #expect(received.map(\.path).allSatisfy { $0.hasPrefix("/dev/items") })
        #expect(received[1].body == body && received[1].headers["content-type"] == "application/json")
        #expect(received[0].body.isEmpty && received[0].headers["content-type"] == nil)
        #expect(received[0].headers["user-agent"]?.hasPrefix("switchboard/") == true)
    }

    @Test func queryParametersAndPathsWithReservedCharactersArriveIntact() async throws {
        let server = try await MockServer(endpoints: [HTTPEndpoint(.GET, "/dev/*", response: .json(["ok": true]))])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(server.url)
        let parameters = [
            "q": "a b&c=d/e?f#g", "plus": "1+1", "percent": "100%", "unicode": "é✓😀", "": "empty key",
            "tilde~": "-_.~", "empty": "",
        ]
        _ = try await plugin.get(request: RESTRequest(path: "/search/a b%/é", queryParameters: parameters))
        let request = try #require(server.receivedRequests.first)
        #expect(request.queryParameters == parameters)
        #expect(request.path == "/dev/search/a b%/é")

        let url = try RESTRequest(path: "/a b", queryParameters: ["b": "x y", "a": "1+1"])
            .urlRequest(method: .get, endpoint: URL(string: "https://h.example/dev/")!, userAgent: "ua").url
        #expect(url?.absoluteString == "https://h.example/dev/a%20b?a=1%2B1&b=x%20y")
    }

    @Test func binaryBodiesGoAndComeBackByteForByte() async throws {
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rest-binary-\(UUID().uuidString)")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(.PUT, "/dev/blob", response: MockResponse(body: .file(file.path)))
        ])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(server.url)
        let request = RESTRequest(
            path: "/blob", headers: ["Content-Type": "application/octet-stream"], body: bytes)
        #expect(try await plugin.put(request: request) == bytes)
        let received = try #require(server.receivedRequests.first)
        #expect(received.body == bytes)
        #expect(received.headers["content-type"] == "application/octet-stream")
    }

    @Test func apiKeyAndTokensAuthorizeAndA401RefreshesTheTokenOnce() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(.GET, "/dev/keyed", requiredHeaders: ["x-api-key": "key-1"], response: .json(["ok": true])),
            HTTPEndpoint(.GET, "/dev/mine", requiredHeaders: ["authorization": "fresh"], response: .json(["me": 1])),
            HTTPEndpoint(.GET, "/dev/*", response: .json(["message": "Unauthorized"], status: 401)),
        ])
        defer { Task { await server.stop() } }
        let keyed = try Self.plugin(server.url, authorizationType: .apiKey, apiKey: "key-1")
        #expect(try JSONValue(parsing: try await keyed.get(request: RESTRequest(path: "/keyed"))) == ["ok": true])

        let refreshes = Locked(0)
        let provider = TokenProvider(refresh: {
            refreshes.withLock { $0 += 1 }
            return "fresh"
        }) { "stale" }
        let signedIn = try Self.plugin(
            server.url, authorizationType: .amazonCognitoUserPools, tokenProviders: [.amazonCognitoUserPools: provider])
        #expect(try JSONValue(parsing: try await signedIn.get(request: RESTRequest(path: "/mine"))) == ["me": 1])
        #expect(refreshes.withLock { $0 } == 1)
        let sent = server.receivedRequests.filter { $0.path == "/dev/mine" }.map { $0.headers["authorization"] }
        #expect(sent == ["stale", "fresh"])
    }

    @Test func aNon2xxResponseThrowsItsStatusHeadersAndBody() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(
                .GET, "/dev/missing",
                response: MockResponse(
                    status: 404, headers: ["x-amzn-requestid": "req-9"], body: .json(["message": "No such item"])))
        ])
        defer { Task { await server.stop() } }
        let plugin = try Self.plugin(server.url)
        do {
            _ = try await plugin.get(request: RESTRequest(path: "/missing", queryParameters: ["token": "secret"]))
            Issue.record("a 404 did not throw")
        } catch let error as APIError {
            guard case .httpStatusError(let status, let details) = error else {
                Issue.record("not an HTTP status error: \(error)")
                return
            }
            #expect(status == 404)
            #expect(details.headers["x-amzn-requestid"] == "req-9")
            #expect(details.bodyExcerpt.contains("No such item"))
            #expect(details.url.hasSuffix("/dev/missing"))
            #expect(!"\(error)".contains("secret"))
        }
    }

    @Test func requestsNamingTheWrongKindOfAPIFailBeforeAnyIO() async throws {
        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "shop", endpointType: .rest, endpoint: URL(string: "https://127.0.0.1:1/dev")!,
                    authorizationType: .none),
                APIEndpointConfiguration(
                    name: "todo", endpoint: URL(string: "https://127.0.0.1:1/graphql")!, authorizationType: .none),
            ]))
        await #expect {
            try await plugin.get(request: RESTRequest(apiName: "todo", path: "/x"))
        } throws: { error in
            "\(error)".contains(#"the API "todo" is a GraphQL API; REST requests need an API with endpointType REST"#)
        }
        await #expect {
            try await plugin.query(
                request: GraphQLRequest(apiName: "shop", document: "{ a }", responseType: JSONValue.self))
        } throws: { error in
            "\(error)".contains(#"the API "shop" is a REST API; GraphQL requests need"#)
        }
        // With one API of each kind, neither needs a name.
        await #expect {
            try await plugin.get(request: RESTRequest(path: "/x"))
        } throws: { error in
            if case .networkError = error as? APIError { return true }
            return false
        }
    }

    @Test func iamSignsForExecuteAPIUnlessTheEntryNamesAService() async throws {
        let credentials = LoopbackIAMSigningTests.credentials
        for (service, expected) in [(nil, "execute-api"), ("lambda", "lambda")] as [(String?, String)] {
            let verifier = SigV4Verifier(region: "us-east-1", service: expected) { id in
                id == credentials.accessKeyId ? credentials : nil
            }
            let verdict = Locked<String?>(nil)
            let server = try await LoopbackGraphQLServer { request in
                do {
                    _ = try verifier.verify(LoopbackIAMSigningTests.signable(request))
                    verdict.withLock { $0 = "ok" }
                } catch {
                    verdict.withLock { $0 = "refused \(error)" }
                }
                return .json(#"{"ok":true}"#)
            }
            let plugin = try APIPlugin(
                iamSigner: SigV4RequestSigner(credentialsProvider: StaticCredentialsProvider(credentials)))
            try plugin.configure(
                APICategoryConfiguration(endpoints: [
                    APIEndpointConfiguration(
                        name: "shop", endpointType: .rest, endpoint: server.server.url.appendingPathComponent("dev"),
                        region: "us-east-1", authorizationType: .awsIAM, signingService: service)
                ]))
            let request = RESTRequest(
                path: "/items/a b", headers: ["x-trace": "t 1"], queryParameters: ["q": "a b+c", "z": "~"],
                body: Data("{}".utf8))
            _ = try await plugin.post(request: request)
            #expect(verdict.withLock { $0 } == "ok", "service \(expected)")
            await server.stop()
        }
    }

    @Test func theSigningServiceFollowsTheHostThenTheEntryThenTheKind() throws {
        func service(_ url: String, _ type: APIEndpointType, _ configured: String? = nil) throws -> String {
            IAMSigningStage.service(
                for: try APIEndpointConfiguration(
                    name: "a", endpointType: type, endpoint: URL(string: url)!, region: "us-east-1",
                    authorizationType: .awsIAM, signingService: configured))
        }
        #expect(try service("https://abc.execute-api.us-east-1.amazonaws.com/dev", .rest, "lambda") == "execute-api")
        #expect(try service("https://api.example.com/v1", .rest) == "execute-api")
        #expect(try service("https://api.example.com/v1", .rest, "lambda") == "lambda")
        #expect(try service("https://x.appsync-api.us-east-1.amazonaws.com/graphql", .graphQL) == "appsync")
    }

    /// The example of Docs.docc/RESTAPIs.md, with its printed values checked.
    @Test func theArticlesMockServerExampleGivesWhatItPrints() async throws {
        let server = try await MockServer(endpoints: [
            HTTPEndpoint(.GET, "/dev/orders/:id", response: .json(["id": "{{params.id}}", "status": "open"])),
            HTTPEndpoint(.GET, "/dev/*", response: .json(["message": "Not Found"], status: 404)),
        ])
        let plugin = try APIPlugin()
        try plugin.configure(
            APICategoryConfiguration(endpoints: [
                APIEndpointConfiguration(
                    name: "orders", endpointType: .rest, endpoint: server.url.appendingPathComponent("dev"),
                    authorizationType: .apiKey, apiKey: "test-key")
            ]))
        let order = try await plugin.get(request: RESTRequest(path: "/orders/42"))
        #expect(String(decoding: order, as: UTF8.self) == #"{"id":"42","status":"open"}"#)
        #expect(server.receivedRequests.last?.headers["x-api-key"] == "test-key")
        do {
            _ = try await plugin.get(request: RESTRequest(path: "/nowhere"))
            Issue.record("no error")
        } catch APIError.httpStatusError(let status, let details) {
            #expect(status == 404)
            #expect(details.bodyExcerpt == #"{"message":"Not Found"}"#)
        }
        await server.stop()
    }
}
