import Foundation
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

@testable import SwitchboardAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The whole pipeline over real HTTP on 127.0.0.1 against SwitchboardNet's server.
@Suite struct LoopbackPipelineTests {
    enum Outcome: Sendable, CustomStringConvertible {
        case success, error, partial, transformation, unknownFailure, unknownThrown
        case httpStatus(Int)
        case operationThrown

        var description: String {
            switch self {
            case .success: "success"
            case .error: ".error"
            case .partial: ".partial"
            case .transformation: ".transformationError"
            case .unknownFailure: "unknown"
            case .unknownThrown: "thrown .unknown"
            case .httpStatus(let status): "thrown HTTP \(status)"
            case .operationThrown: "thrown .operationError"
            }
        }
    }

    private static func outcome(of run: () async throws -> GraphQLResponse<Todo>) async -> String {
        do {
            switch try await run() {
            case .success: return "success"
            case .failure(.error): return ".error"
            case .failure(.partial): return ".partial"
            case .failure(.transformationError): return ".transformationError"
            case .failure(.unknown): return "unknown"
            }
        } catch let error as APIError {
            switch error {
            case .unknown: return "thrown .unknown"
            case .httpStatusError(let status, _): return "thrown HTTP \(status)"
            case .operationError: return "thrown .operationError"
            default: return "thrown \(error)"
            }
        } catch {
            return "thrown \(type(of: error))"
        }
    }

    static let tableRows: [(String, Int, Outcome)] = [
        (#"{"data":{"getTodo":{"id":"1","name":"a"}}}"#, 200, .success),
        (#"{"errors":[{"message":"boom","locations":[{"line":1,"column":3}]}]}"#, 200, .error),
        (#"{"data":{"getTodo":null},"errors":[{"message":"denied","path":["getTodo"]}]}"#, 200, .error),
        (#"{"data":{"getTodo":{"id":"1","name":"a"}},"errors":[{"message":"partly"}]}"#, 200, .partial),
        (#"{"data":{"getTodo":{"id":1}}}"#, 200, .transformation),
        (#"{"extensions":{}}"#, 200, .unknownThrown),
        (#"{"errors":[{"message":"nope"}]}"#, 401, .httpStatus(401)),
        ("<html><body>502 Bad Gateway</body></html>", 502, .httpStatus(502)),
        // Bad bodies: typed results with context, never a crash.
        ("", 200, .operationThrown),
        ("not json at all", 200, .operationThrown),
        (#"{"data":{"getTodo":{"id":"1","na"#, 200, .operationThrown),
        (#"{"data":null}"#, 200, .unknownFailure),
        (#"{"errors":[{"message":"no locations, no path"}]}"#, 200, .error),
    ]

    @Test(arguments: tableRows)
    func everyRowOfTheResponseTableOverHTTP(body: String, status: Int, expected: Outcome) async throws {
        let server = try await LoopbackGraphQLServer { request in
            if request.headers["x-probe"] == "next" { return .json(#"{"data":{"getTodo":{"id":"2","name":"b"}}}"#) }
            return .text(body, status: status, contentType: status == 502 ? "text/html" : "application/json")
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let request = GraphQLRequest(
            document: "query { getTodo(id: \"1\") { id name } }", responseType: Todo.self, decodePath: "getTodo")
        let result = await Self.outcome { try await plugin.query(request: request) }
        #expect(result == expected.description, "body: \(body)")

        // The next request on the same plugin still works.
        try plugin.add(interceptor: HeaderInterceptor(name: "x-probe", value: "next"), for: "todo")
        #expect(try await plugin.query(request: request).get() == Todo(id: "2", name: "b"))
    }

    @Test func nonSuccessStatusKeepsStatusHeadersAndABodyExcerpt() async throws {
        let html = "<html><body><h1>502 Bad Gateway</h1>" + String(repeating: "x", count: 10_000) + "</body></html>"
        let server = try await LoopbackGraphQLServer { _ in .text(html, status: 502, contentType: "text/html") }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let request = GraphQLRequest(
            document: "{ getTodo { id name } }", responseType: Todo.self, decodePath: "getTodo")
        do {
            _ = try await plugin.query(request: request)
            Issue.record("a 502 must throw")
        } catch APIError.httpStatusError(let status, let details) {
            #expect(status == 502)
            #expect(details.bodyExcerpt.hasPrefix("<html><body><h1>502 Bad Gateway"))
            #expect(details.bodyExcerpt.utf8.count == 4096)
            #expect(details.headers["content-type"] == "text/html")
            #expect(!"\(APIError.httpStatusError(status, details))".contains("da2-loopbackkey"))
        }
    }

    @Test func truncatedAndInvalidUTF8BodiesNameTheByteOffset() async throws {
        let server = try await LoopbackGraphQLServer { request in
            if request.headers["x-case"] == "utf8" {
                return HTTPResponse(
                    headers: ["Content-Type": "application/json"],
                    body: Array(#"{"data":{"getTodo":{"id":"1","name":""#.utf8) + [0xC3, 0x28] + Array(#""}}}"#.utf8))
            }
            return .json(#"{"data":{"getTodo":{"id":"1","na"#)
        }
        defer { Task { await server.stop() } }
        let truncatedPlugin = try await server.makePlugin()
        let request = GraphQLRequest(
            document: "{ getTodo { id name } }", responseType: Todo.self, decodePath: "getTodo")
        await #expect {
            _ = try await truncatedPlugin.query(request: request)
        } throws: { error in
            "\(error)".contains("offset") || "\(error)".contains("byte")
        }
        let utf8Plugin = try await server.makePlugin()
        try utf8Plugin.add(interceptor: HeaderInterceptor(name: "x-case", value: "utf8"), for: "todo")
        let outcome = await Self.outcome { try await utf8Plugin.query(request: request) }
        #expect(outcome != "success", "invalid UTF-8 must not decode silently")
    }

    @Test func tenMegabyteResponsesDecode() async throws {
        let name = String(repeating: "n", count: 10 << 20)
        let server = try await LoopbackGraphQLServer { _ in
            .json(#"{"data":{"getTodo":{"id":"big","name":""# + name + #""}}}"#)
        }
        defer { Task { await server.stop() } }
        let plugin = try await server.makePlugin()
        let todo = try await plugin.query(
            request: GraphQLRequest(document: "{ getTodo { id name } }", responseType: Todo.self, decodePath: "getTodo")
        ).get()
        #expect(todo.name.utf8.count == 10 << 20)
    }
}

/// Adds one header to every request.
struct HeaderInterceptor: RequestInterceptor {
    let name: String
    let value: String

    func intercept(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return request
    }
}
