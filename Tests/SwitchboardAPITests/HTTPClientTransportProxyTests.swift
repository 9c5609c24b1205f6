import Foundation
import SwitchboardAPI
import SwitchboardNet
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPClientTransport`` through an HTTP proxy over real sockets (plain `http` forwarded,
/// `https` tunnelled with `CONNECT`), and ``HTTPProxySettings`` read from the environment.
@Suite struct HTTPClientTransportProxyTests {
    private static func echoServer(tls: TLSAcceptor? = nil) async throws -> HTTPServer {
        let respond: HTTPServer.Responder = { request in
            .text(
                "\(request.method) \(request.target) \(request.headers["Host"] ?? "-") \(request.headers["Proxy-Authorization"] ?? "-") \(request.bodyText)"
            )
        }
        return try await HTTPServer.start(tls: tls, responder: respond)
    }

    private static func post(_ url: String, _ body: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        return request
    }

    @Test func plainHTTPGoesThroughTheProxyWithItsCredentialsOnOneConnection() async throws {
        let server = try await Self.echoServer()
        defer { Task { await server.stop() } }
        let expected = "Basic " + Data("me:p@ss".utf8).base64EncodedString()
        let proxy = try TestHTTPProxy.start(requiredAuthorization: expected)
        defer { proxy.stop() }
        let transport = HTTPClientTransport(
            proxies: HTTPProxySettings(httpProxy: URL(string: "http://me:p%40ss@127.0.0.1:\(proxy.port)")!))
        // A name no resolver knows: only the proxy resolves it (to the server, on loopback).
        let url = "http://api.example:\(server.port)/graphql?x=1"
        for index in 0..<3 {
            let response = try await transport.send(Self.post(url, "\(index)"))
            // The server never sees the proxy's credentials.
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == "POST /graphql?x=1 api.example:\(server.port) - \(index)")
        }
        #expect(proxy.record.requestLines == Array(repeating: "POST \(url) HTTP/1.1", count: 3))
        #expect(proxy.record.proxyAuthorizations == Array(repeating: expected, count: 3))
        #expect(proxy.record.acceptedConnections == 1)
    }

    @Test func httpsIsTunnelledAndVerifiedAgainstTheOriginsName() async throws {
        guard let (acceptor, certificates) = try await TestTLSAcceptor.make(leaf: \.otherLeaf) else { return }
        let server = try await Self.echoServer(tls: acceptor)
        defer { Task { await server.stop() } }
        let proxy = try TestHTTPProxy.start()
        defer { proxy.stop() }
        let transport = HTTPClientTransport(
            proxies: HTTPProxySettings(httpsProxy: proxy.url),
            tls: TLSConfiguration(trustedCertificates: [.pemFile(certificates.caFile)]))
        for index in 0..<3 {
            let response = try await transport.send(
                Self.post("https://other.example:\(server.port)/graphql", "\(index)"))
            #expect(
                String(decoding: response.body, as: UTF8.self)
                    == "POST /graphql other.example:\(server.port) - \(index)")
        }
        // One tunnel, kept alive; the proxy saw only the CONNECT.
        #expect(proxy.record.requestLines == ["CONNECT other.example:\(server.port) HTTP/1.1"])
        #expect(server.acceptedConnectionCount == 1)
    }

    @Test func aTunnelTheProxyRefusesFailsNamingTheStatus() async throws {
        let proxy = try TestHTTPProxy.start(requiredAuthorization: "Basic c2VjcmV0")
        defer { proxy.stop() }
        let transport = HTTPClientTransport(proxies: HTTPProxySettings(httpsProxy: proxy.url))
        await #expect {
            _ = try await transport.send(Self.post("https://api.example/graphql", "{}"))
        } throws: { error in
            "\(error)".contains("Cannot connect to https://api.example:443 through the proxy 127.0.0.1:\(proxy.port)")
                && "\(error)".contains("the proxy requires authentication for a tunnel to api.example:443 (407)")
        }
    }

    @Test func loopbackAndNoProxyHostsGoDirect() async throws {
        let server = try await Self.echoServer()
        defer { Task { await server.stop() } }
        let proxy = try TestHTTPProxy.start()
        defer { proxy.stop() }
        let transport = HTTPClientTransport(proxies: HTTPProxySettings(httpProxy: proxy.url, httpsProxy: proxy.url))
        let response = try await transport.send(Self.post("http://127.0.0.1:\(server.port)/graphql", "direct"))
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("POST /graphql "))
        #expect(proxy.record.acceptedConnections == 0)

        let settings = HTTPProxySettings(
            httpProxy: proxy.url, httpsProxy: proxy.url,
            noProxy: [".example.com", "internal", "10.0.0.0/8", "fd00::/8", "api.other:8443", "192.168.1.7"])
        let cases: [(secure: Bool, host: String, port: Int, direct: Bool)] = [
            (false, "localhost", 80, true), (false, "127.9.9.9", 80, true), (false, "::1", 80, true),
            (true, "api.example.com", 443, true), (true, "example.com", 443, true),
            (true, "badexample.com", 443, false),
            (false, "svc.internal", 80, true), (false, "10.20.30.40", 80, true), (false, "11.0.0.1", 80, false),
            (false, "fd12::1", 80, true), (false, "fe80::1", 80, false), (true, "api.other", 8443, true),
            (true, "api.other", 443, false), (false, "192.168.1.7", 80, true), (false, "192.168.1.8", 80, false),
        ]
        for item in cases {
            let chosen = try settings.proxy(isSecure: item.secure, host: item.host, port: item.port)
            #expect((chosen == nil) == item.direct, "\(item)")
        }
        #expect(
            try HTTPProxySettings(httpProxy: proxy.url, noProxy: ["*"]).proxy(isSecure: false, host: "a.b", port: 80)
                == nil)
    }

    @Test func theEnvironmentIsReadAsCurlReadsIt() throws {
        let settings = HTTPProxySettings.environment([
            "http_proxy": "proxy.corp:3128", "HTTP_PROXY": "http://ignored:1", "HTTPS_PROXY": "http://secure.corp:8080",
            "NO_PROXY": "a.example, b.example",
        ])
        #expect(settings.httpProxy?.absoluteString == "http://proxy.corp:3128")
        #expect(settings.httpsProxy?.absoluteString == "http://secure.corp:8080")
        #expect(settings.noProxy == ["a.example", "b.example"])
        // Upper-case HTTP_PROXY alone is not used: a CGI server sets it from a request's Proxy header.
        #expect(HTTPProxySettings.environment(["HTTP_PROXY": "http://evil:1"]).httpProxy == nil)
        let fallback = HTTPProxySettings.environment(["all_proxy": "http://everything:1"])
        #expect(fallback.httpProxy == fallback.httpsProxy)
        #expect(fallback.httpProxy?.host == "everything")
        #expect(HTTPProxySettings.environment([:]) == .direct)
    }

    @Test func proxiesItCannotUseFailLoudly() async throws {
        let broken = HTTPProxySettings.environment(["https_proxy": "http://exa mple:1"])
        await #expect {
            _ = try await HTTPClientTransport(proxies: broken).send(Self.post("https://api.example/graphql", "{}"))
        } throws: { error in
            "\(error)".contains("the environment variable https_proxy is not a proxy URL")
        }
        let socks = HTTPProxySettings(httpsProxy: URL(string: "socks5://127.0.0.1:1080")!)
        await #expect {
            _ = try await HTTPClientTransport(proxies: socks).send(Self.post("https://api.example/graphql", "{}"))
        } throws: { error in
            "\(error)".contains("speaks to http:// proxies only, not socks5://127.0.0.1")
        }
    }
}
