import Foundation
import SwitchboardCore
import TestSupport
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The custom-request and transport examples of the documentation (*Custom requests*, *HTTP
/// client*), run against a loopback server: `scripts/snippets` checks that the pages compile,
/// these check that what they show works.
@Suite struct CustomRequestExamplesTests {
    struct CreateTodoInput: Encodable {
        let name: String
        let priority: Int
    }

    struct TraceHeader: RequestInterceptor {
        func intercept(_ request: URLRequest) async throws -> URLRequest {
            var request = request
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Trace-Id")
            return request
        }
    }

    /// Counts the operations it sees, by name (a GraphQL-level stage added through the category).
    struct OperationNames: GraphQLStage {
        let seen = Locked<[String]>([])
        var name: StageName { StageName("operation-names") }

        func handle<R: Decodable & Sendable>(
            _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
        ) async throws -> GraphQLResponseStream<R> {
            seen.withLock { $0.append(context.operationName ?? "anonymous") }
            return try await next(request, context)
        }
    }

    /// Sets a header on the HTTP request (an HTTP-level stage added through the category).
    struct Tenant: OperationStage {
        var name: StageName { StageName("tenant") }

        func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
            -> HTTPTransportResponse
        {
            var request = request
            request.setValue("acme", forHTTPHeaderField: "X-Tenant")
            return try await next(request, context)
        }
    }

    /// Reads the status of every response (a response interceptor added through the category).
    struct Statuses: ResponseInterceptor {
        let seen = Locked<[Int]>([])

        func intercept(_ response: HTTPTransportResponse, for request: URLRequest) async throws
            -> HTTPTransportResponse
        {
            seen.withLock { $0.append(response.statusCode) }
            return response
        }
    }

    /// The *HTTP client* article's transport examples.
    @Test func transportExamplesWork() async throws {
        let plugin = try APIPlugin(
            transport: HTTPClientTransport(
                maximumConnectionsPerHost: 16, requestDeadline: .seconds(30), maximumResponseBodySize: 8 << 20))
        let classic = try APIPlugin(transport: URLSessionTransport())
        let proxied = HTTPClientTransport(
            proxies: HTTPProxySettings(
                httpsProxy: URL(string: "http://proxy.corp:3128")!, noProxy: [".corp", "10.0.0.0/8"]))
        let direct = HTTPClientTransport(proxies: .direct)
        _ = (plugin, classic)
        #expect(proxied.proxies.httpsProxy?.host == "proxy.corp")
        #expect(try proxied.proxies.proxy(isSecure: true, host: "api.corp", port: 443) == nil)
        #expect(try proxied.proxies.proxy(isSecure: true, host: "api.example", port: 443) != nil)
        #expect(direct.proxies == .direct)
        #if os(Linux)
            #expect(APIPlugin.defaultTransport() is HTTPClientTransport)
        #else
            #expect(APIPlugin.defaultTransport() is URLSessionTransport)
        #endif
    }

    @Test func customRequestExamplesWork() async throws {
        let server = try await LoopbackGraphQLServer { request in
            let query = request.graphQLQuery ?? ""
            if query.hasPrefix("mutation Update") {
                return .json(#"{"data":{"updateTodo":{"id":"7","name":"Renamed"}}}"#)
            }
            if query.hasPrefix("mutation") { return .json(#"{"data":{"createTodo":{"id":"1","name":"Ship it"}}}"#) }
            if query.contains("listTodos") { return .json(#"{"data":{"listTodos":{"items":[{"id":"a"}]}}}"#) }
            if query.contains("getTodo") { return .json(#"{"data":{"getTodo":{"id":"1"}}}"#) }
            return .json(#"{"data":{"b":2}}"#)
        }
        defer { Task { await server.stop() } }
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: APIPlugin())
            try Switchboard.configure(server.configurationJSON())

            let (id, name) = ("7", "Renamed")
            let update = GraphQLRequest(
                document: "mutation Update($input: UpdateTodoInput!) { updateTodo(input: $input) { id name } }",
                variables: ["input": ["id": id, "name": name, "done": false]],
                responseType: Todo.self,
                decodePath: "updateTodo")
            #expect(try await Switchboard.API.mutate(request: update).get().name == "Renamed")

            let create = GraphQLRequest(
                document: "mutation Create($input: CreateTodoInput!) { createTodo(input: $input) { id name } }",
                variables: ["input": CreateTodoInput(name: "Ship it", priority: 1)],
                responseType: Todo.self,
                decodePath: "createTodo")
            #expect(try await Switchboard.API.mutate(request: create).get().name == "Ship it")

            let raw = GraphQLRequest(document: "{ listTodos { items { id } } }", responseType: JSONValue.self)
            let items = try await Switchboard.API.query(request: raw).get().value(at: "listTodos.items")
            #expect(items == [["id": "a"]])

            let text = GraphQLRequest(
                document: "{ getTodo(id: \"1\") { id } }", responseType: String.self, decodePath: "getTodo")
            #expect(try await Switchboard.API.query(request: text).get() == #"{"id":"1"}"#)

            let pick = GraphQLRequest(
                document: "query A { a } query B { b }", responseType: JSONValue.self, operationName: "B")
            #expect(try await Switchboard.API.query(request: pick).get() == ["b": 2])

            try Switchboard.API.add(interceptor: TraceHeader(), for: "todo")
            _ = try await Switchboard.API.query(request: pick)
            #expect(server.requests.last?.headers["X-Trace-Id"] != nil)

            // Stages of both levels and response interceptors, added through the category.
            let names = OperationNames()
            let statuses = Statuses()
            try Switchboard.API.add(stage: names, for: "todo", placement: .after(.cache))
            try Switchboard.API.add(stage: Tenant(), for: "todo", placement: .before(.authorization))
            try Switchboard.API.add(responseInterceptor: statuses, for: "todo")
            _ = try await Switchboard.API.query(request: pick)
            #expect(server.requests.last?.headers["X-Tenant"] == "acme")
            #expect(names.seen.withLock { $0 } == ["B"])
            #expect(statuses.seen.withLock { $0 } == [200])
            #expect(throws: APIError.self) {
                try Switchboard.API.add(stage: Tenant(), for: "nonexistent", placement: .before(.authorization))
            }
            await Switchboard.reset()
        }
        let updateBody = try JSONValue(parsing: Data(try #require(server.requests.first?.body)))
        #expect(updateBody["variables"] == ["input": ["id": "7", "name": "Renamed", "done": false]])
        let body = try #require(server.requests.dropFirst().first?.body)
        let sent = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        let input = (sent?["variables"] as? [String: Any])?["input"] as? [String: Any]
        #expect(input?["priority"] as? Int == 1)
    }
}
