import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPClientTransport`` over real sockets: kept-alive connections (counted by the server),
/// the per-host limit under concurrency, response framings, its limits (each named in its
/// error), cancellation, and a kept-alive connection the server closed meanwhile.
@Suite struct HTTPClientTransportTests {
    private static func post(_ url: URL, _ body: String, headers: [String: String] = [:]) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// Answers with the request's method, target, `x-echo` header and body.
    private static func echoServer(configuration: HTTPServer.Configuration = .init()) async throws -> HTTPServer {
        try await HTTPServer.start(configuration: configuration) { request in
            var response = HTTPResponse.text(
                "\(request.method) \(request.target) \(request.headers["x-echo"] ?? "-") \(request.bodyText)")
            response.headers.add(name: "X-Reply", value: "a")
            response.headers.add(name: "x-reply", value: "b")
            return response
        }
    }

    @Test func sequentialRequestsShareOneKeptAliveConnection() async throws {
        let server = try await Self.echoServer()
        let transport = HTTPClientTransport()
        let url = server.url.appendingPathComponent("graphql")
        for index in 0..<100 {
            let response = try await transport.send(
                Self.post(URL(string: "\(url.absoluteString)?n=\(index)")!, "body \(index)", headers: ["X-Echo": "e"]))
            #expect(response.statusCode == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "POST /graphql?n=\(index) e body \(index)")
            #expect(response.headers["x-reply"] == "a, b")
        }
        #expect(server.acceptedConnectionCount == 1)
        await server.stop()
    }

    @Test func concurrentRequestsOpenNoMoreConnectionsThanTheLimit() async throws {
        let server = try await Self.echoServer()
        let transport = HTTPClientTransport(maximumConnectionsPerHost: 4)
        let url = server.url.appendingPathComponent("graphql")
        let failures = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<32 {
                group.addTask {
                    for round in 0..<10 {
                        let text = "t\(task) r\(round)"
                        let response = try? await transport.send(Self.post(url, text))
                        if response.map({ String(decoding: $0.body, as: UTF8.self) }) != "POST /graphql - \(text)" {
                            failures.withLock { $0 += 1 }
                        }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(server.acceptedConnectionCount <= 4, "\(server.acceptedConnectionCount) connections")
        await server.stop()
    }

    @Test func aConnectionTheServerClosedWhileIdleIsReplacedWithoutAnError() async throws {
        // The server drops idle connections after 200 ms; the client keeps them for 30 s, so the
        // next request goes out on a closed one, gets nothing back, and is sent again on a new one.
        let server = try await Self.echoServer(configuration: HTTPServer.Configuration(idleTimeout: .milliseconds(200)))
        let transport = HTTPClientTransport()
        let url = server.url.appendingPathComponent("graphql")
        _ = try await transport.send(Self.post(url, "first"))
        try await Task.sleep(for: .milliseconds(600))
        let response = try await transport.send(Self.post(url, "second"))
        #expect(String(decoding: response.body, as: UTF8.self) == "POST /graphql - second")
        #expect(server.acceptedConnectionCount == 2)
        await server.stop()
    }

    @Test(arguments: [
        (
            "Transfer-Encoding: chunked\r\n", "5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n",
            "hello world"
        ),
        ("Content-Length: 5\r\n", "hello", "hello"),
        // RFC 9110 §8.6: repeated fields with one value are that value.
        ("Content-Length: 5\r\nContent-Length: 5\r\n", "hello", "hello"),
        ("Connection: close\r\n", "until the close", "until the close"),
    ])
    func everyFramingIsRead(fields: String, wire: String, body: String) async throws {
        let (url, task) = try ScriptedHTTPServer.start {
            try await $0.write(ScriptedHTTPServer.head(fields) + Array(wire.utf8))
        }
        defer { task.cancel() }
        let response = try await HTTPClientTransport().send(URLRequest(url: url))
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    @Test(arguments: [
        ("Transfer-Encoding: chunked\r\n", "1 0\r\nx\r\n0\r\n\r\n", "malformed chunk size"),
        ("Transfer-Encoding: gzip, chunked\r\n", "", "unsupported Transfer-Encoding: gzip, chunked"),
        ("Content-Length: 5\r\nContent-Length: 6\r\n", "hello", "malformed Content-Length"),
        ("Content-Length: 50\r\n", "short", "in the middle of the response body"),
    ])
    func malformedResponsesFailNamingTheProblem(fields: String, wire: String, message: String) async throws {
        let (url, task) = try ScriptedHTTPServer.start {
            try await $0.write(ScriptedHTTPServer.head(fields) + Array(wire.utf8))
        }
        defer { task.cancel() }
        await #expect {
            _ = try await HTTPClientTransport().send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains("127.0.0.1")
        }
    }

    @Test func aDeclaredLengthOverTheLimitFailsNamingIt() async throws {
        let (url, task) = try ScriptedHTTPServer.start { connection in
            try await connection.write(ScriptedHTTPServer.head("Content-Length: 10000000\r\n"))
            try await Task.sleep(for: .seconds(30))
        }
        defer { task.cancel() }
        await #expect {
            _ = try await HTTPClientTransport(maximumResponseBodySize: 4096).send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("larger than 4096 bytes (HTTPClientTransport(maximumResponseBodySize:))")
        }
    }

    @Test func anEndlessChunkedBodyIsCutOffAtTheLimit() async throws {
        let (url, task) = try ScriptedHTTPServer.start { connection in
            try await connection.write(ScriptedHTTPServer.head("Transfer-Encoding: chunked\r\n"))
            let chunk = Array("4000\r\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 0x4000) + Array("\r\n".utf8)
            while true { try await connection.write(chunk) }  // until the client goes away
        }
        defer { task.cancel() }
        await #expect {
            _ = try await HTTPClientTransport(maximumResponseBodySize: 1 << 20).send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("larger than 1048576 bytes (HTTPClientTransport(maximumResponseBodySize:))")
        }
    }

    @Test func aTricklingResponseMeetsTheOverallDeadline() async throws {
        let (url, task) = try ScriptedHTTPServer.start { connection in
            try await connection.write(ScriptedHTTPServer.head("Transfer-Encoding: chunked\r\n"))
            while true {
                try await connection.write(Array("1\r\nx\r\n".utf8))
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { task.cancel() }
        await #expect {
            _ = try await HTTPClientTransport(requestDeadline: .milliseconds(500)).send(URLRequest(url: url))
        } throws: { error in
            "\(error)".contains("did not complete within 0.5 seconds (HTTPClientTransport(requestDeadline:))")
        }
    }

    @Test func cancellingTheCallerClosesTheConnectionAndTheNextRequestGetsANewOne() async throws {
        let server = try await HTTPServer.start { request in
            if request.path == "/slow" { try? await Task.sleep(for: .seconds(30)) }
            return .text("ok")
        }
        let transport = HTTPClientTransport(maximumConnectionsPerHost: 1)
        let slow = Task { try await transport.send(URLRequest(url: server.url.appendingPathComponent("slow"))) }
        try await Task.sleep(for: .milliseconds(200))
        slow.cancel()
        await #expect(throws: CancellationError.self) { _ = try await slow.value }
        // The only slot is free again, on a new connection: the cancelled one was not reused.
        let response = try await transport.send(URLRequest(url: server.url.appendingPathComponent("fast")))
        #expect(String(decoding: response.body, as: UTF8.self) == "ok")
        #expect(server.acceptedConnectionCount == 2)
        await server.stop()
    }

    @Test func requestsPastTheWaitingLimitFailAtOnceNamingIt() async throws {
        let release = AsyncStream<Void>.makeStream()
        let heldArrived = Locked(false)
        let server = try await HTTPServer.start { request in
            if request.path == "/held" {
                heldArrived.withLock { $0 = true }
                for await _ in release.stream { break }
            }
            return .text("ok \(request.path)")
        }
        defer { Task { await server.stop() } }
        let transport = HTTPClientTransport(maximumConnectionsPerHost: 1, maximumWaitingRequestsPerHost: 2)
        // One request holds the only connection; two more wait for it, which the limit allows.
        let held = Task { try await transport.send(URLRequest(url: server.url.appendingPathComponent("held"))) }
        while !heldArrived.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(1)) }
        let waiting = (0..<2).map { index in
            Task { try await transport.send(URLRequest(url: server.url.appendingPathComponent("w\(index)"))) }
        }
        // Deterministic: both wait for the connection before the third request is made.
        while await transport.waitingRequestCount < 2 { try await Task.sleep(for: .milliseconds(1)) }
        await #expect {
            _ = try await transport.send(URLRequest(url: server.url.appendingPathComponent("over")))
        } throws: { error in
            "\(error)".contains(
                "2 requests to http://127.0.0.1:\(server.port) are already waiting for one of its 1 connections")
                && "\(error)".contains("HTTPClientTransport(maximumWaitingRequestsPerHost:)")
        }
        release.continuation.yield()
        _ = try await held.value
        for task in waiting {
            #expect(String(decoding: try await task.value.body, as: UTF8.self).hasPrefix("ok /w"))
        }
    }

    @Test func nothingListeningFailsNamingTheOrigin() async throws {
        let refusing = try RefusingPort()
        let port = refusing.port
        await #expect {
            _ = try await HTTPClientTransport().send(URLRequest(url: URL(string: "http://127.0.0.1:\(port)/graphql")!))
        } throws: { error in
            "\(error)".contains("Cannot connect to http://127.0.0.1:\(port)")
        }
    }

    @Test(arguments: [
        ("ftp://127.0.0.1/x", "http and https requests only"),
        ("http:///nohost", "has no host"),
    ])
    func requestsItCannotSendFailBeforeConnecting(url: String, message: String) async throws {
        await #expect {
            _ = try await HTTPClientTransport().send(URLRequest(url: URL(string: url)!))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func aHeaderNameThatIsNotATokenIsRefused() async throws {
        // (Foundation itself drops header values with line breaks before a transport sees them.)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:9/graphql")!)
        request.setValue("v", forHTTPHeaderField: "Bad Name")
        await #expect {
            _ = try await HTTPClientTransport().send(request)
        } throws: { error in
            "\(error)".contains("\"Bad Name\" is not a valid header name")
        }
    }

    @Test func httpsRequestsVerifyTheServerAndKeepTheirConnection() async throws {
        guard let (acceptor, certificates) = try await TestTLSAcceptor.make(leaf: \.ipLeaf) else { return }
        let server = try await HTTPServer.start(tls: acceptor) { request in .text("secure \(request.bodyText)") }
        let url = server.url.appendingPathComponent("graphql")
        #expect(url.scheme == "https")
        let trusting = HTTPClientTransport(tls: TLSConfiguration(trustedCertificates: [.pemFile(certificates.caFile)]))
        for index in 0..<5 {
            let response = try await trusting.send(Self.post(url, "\(index)"))
            #expect(String(decoding: response.body, as: UTF8.self) == "secure \(index)")
        }
        #expect(server.acceptedConnectionCount == 1)
        // Without the test CA, the server's certificate is refused before any request is sent.
        await #expect {
            _ = try await HTTPClientTransport().send(Self.post(url, "x"))
        } throws: { error in
            "\(error)".contains("Cannot connect to https://127.0.0.1:\(server.port)")
        }
        await server.stop()
    }

    @Test func theOperationPipelineRunsOnIt() async throws {
        let server = try await HTTPServer.start { request in
            guard request.headers["x-api-key"] == "da2-transport" else { return .text("no key", status: 401) }
            return .json(#"{"data":{"echo":"\#(request.bodyText.count) bytes"}}"#)
        }
        let plugin = try APIPlugin(transport: HTTPClientTransport())
        let configuration = """
            {"api":{"plugins":{"awsAPIPlugin":{"own":{"endpointType":"GraphQL","endpoint":"\(server.url)/graphql",
            "region":"us-east-1","authorizationType":"API_KEY","apiKey":"da2-transport"}}}}}
            """
        try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.utf8)))
        for _ in 0..<20 {
            let response = try await plugin.query(
                request: GraphQLRequest(document: "{ echo }", responseType: JSONValue.self))
            #expect(try response.get()["echo"]?.stringValue?.hasSuffix("bytes") == true)
        }
        #expect(server.acceptedConnectionCount == 1)
        await server.stop()
    }
}
