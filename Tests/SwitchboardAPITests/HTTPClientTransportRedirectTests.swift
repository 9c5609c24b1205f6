import Foundation
import SwitchboardAPI
import SwitchboardCore
import SwitchboardNet
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPClientTransport`` following redirects over real sockets: which it follows, where
/// credentials go, and the limits.
@Suite struct HTTPClientTransportRedirectTests {
    /// `/to/PATH` redirects with `status` to `/PATH`, `/loop` to itself, `/away` to `elsewhere`;
    /// anything else answers with its method, path and the credentials it was sent.
    private static func server(status: Int = 302, elsewhere: URL? = nil) async throws -> HTTPServer {
        try await HTTPServer.start { request in
            let path = request.path
            if path.hasPrefix("/to/") {
                return HTTPResponse(status: status, headers: ["Location": String(path.dropFirst(3))])
            }
            if path == "/loop" { return HTTPResponse(status: status, headers: ["Location": "/loop"]) }
            if path == "/away", let elsewhere {
                return HTTPResponse(status: status, headers: ["Location": elsewhere.absoluteString])
            }
            let credentials = ["Authorization", "x-api-key", "Cookie", "X-Custom"].map { request.headers[$0] ?? "-" }
            return .text("\(request.method) \(path) \(credentials.joined(separator: " "))")
        }
    }

    private static func text(_ response: HTTPTransportResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func getRequestsFollowTheRedirectOnTheSameConnection(status: Int) async throws {
        let server = try await Self.server(status: status)
        defer { Task { await server.stop() } }
        var request = URLRequest(url: server.url.appendingPathComponent("to/final"))
        request.setValue("secret", forHTTPHeaderField: "Authorization")
        let response = try await HTTPClientTransport().send(request)
        #expect(response.statusCode == 200)
        // The same origin keeps the credentials.
        #expect(Self.text(response) == "GET /final secret - - -")
        #expect(server.acceptedConnectionCount == 1)
    }

    @Test func headRequestsFollowToo() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        var request = URLRequest(url: server.url.appendingPathComponent("to/final"))
        request.httpMethod = "HEAD"
        let response = try await HTTPClientTransport().send(request)
        #expect(response.statusCode == 200)
        #expect(response.body.isEmpty)
    }

    @Test func anotherOriginGetsNoCredentials() async throws {
        let other = try await Self.server()
        defer { Task { await other.stop() } }
        let first = try await Self.server(elsewhere: other.url.appendingPathComponent("landed"))
        defer { Task { await first.stop() } }
        var request = URLRequest(url: first.url.appendingPathComponent("away"))
        for (name, value) in ["Authorization": "secret", "x-api-key": "da2-key", "Cookie": "c=1", "X-Custom": "kept"] {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let response = try await HTTPClientTransport().send(request)
        #expect(Self.text(response) == "GET /landed - - - kept")
    }

    @Test func aPostGetsTheRedirectItself() async throws {
        let server = try await Self.server(status: 307)
        defer { Task { await server.stop() } }
        var request = URLRequest(url: server.url.appendingPathComponent("to/final"))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        let response = try await HTTPClientTransport().send(request)
        #expect(response.statusCode == 307)
        #expect(response.headers["location"] == "/final")
    }

    @Test func withNoRedirectsAllowedTheRedirectIsTheResponse() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let response = try await HTTPClientTransport(maximumRedirects: 0).send(
            URLRequest(url: server.url.appendingPathComponent("to/final")))
        #expect(response.statusCode == 302)
    }

    @Test func aRedirectLoopFailsNamingTheLimit() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        await #expect {
            _ = try await HTTPClientTransport(maximumRedirects: 3).send(
                URLRequest(url: server.url.appendingPathComponent("loop")))
        } throws: { error in
            "\(error)".contains("More than 3 redirects (HTTPClientTransport.maximumRedirects)")
                && "\(error)".contains("/loop")
        }
    }

    @Test func aRedirectToAnotherSchemeIsRefused() async throws {
        let server = try await HTTPServer.start { _ in
            HTTPResponse(status: 302, headers: ["Location": "ftp://files.example/x"])
        }
        defer { Task { await server.stop() } }
        await #expect {
            _ = try await HTTPClientTransport().send(URLRequest(url: server.url))
        } throws: { error in
            "\(error)".contains("which is not an http or https URL")
        }
    }

    @Test func aRedirectFromHTTPSToHTTPIsRefused() async throws {
        guard let (acceptor, certificates) = try await TestTLSAcceptor.make(leaf: \.ipLeaf) else { return }
        let plain = try await Self.server()
        defer { Task { await plain.stop() } }
        let secure = try await HTTPServer.start(tls: acceptor) { _ in
            HTTPResponse(status: 301, headers: ["Location": plain.url.appendingPathComponent("landed").absoluteString])
        }
        defer { Task { await secure.stop() } }
        let transport = HTTPClientTransport(tls: TLSConfiguration(trustedCertificates: [.pemFile(certificates.caFile)]))
        await #expect {
            _ = try await transport.send(URLRequest(url: secure.url))
        } throws: { error in
            "\(error)".contains("a redirect from https to http is refused")
        }
        #expect(plain.acceptedConnectionCount == 0)
    }
}
