import Foundation
import SwitchboardNet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLRequest` as ``HTTPClientTransport`` writes it: where it goes (directly or through a
/// proxy), and the HTTP/1.1 head and body in one buffer (one write; the body is copied once, from
/// `httpBody`). Anything that cannot be sent as given fails here, before a connection is used.
struct HTTPClientRequest: Sendable {
    /// How the connection reaches the origin.
    enum Route: Sendable {
        case direct
        /// Plain `http` through a proxy: the request goes to the proxy, its target in absolute form.
        case forward(proxy: HTTPConnectionPool.Origin)
        /// `https` through a proxy: a `CONNECT` tunnel to the origin, TLS inside it.
        case tunnel(proxy: HTTPConnectionPool.Origin, authorization: String?)
    }

    /// The server the request is for.
    let origin: HTTPConnectionPool.Origin
    let route: Route
    /// The connections this request may use: the origin's own, the proxy's (plain `http`), or
    /// tunnels to the origin through the proxy.
    let connectionKey: HTTPConnectionPool.Origin
    let method: String
    /// The head and the body.
    let wire: [UInt8]
    let url: URL

    /// The URL without its query, for errors (AppSync real-time URLs carry credentials there);
    /// made only when needed.
    var displayURL: String { SwitchboardLogger.describe(url) }

    init(_ request: URLRequest, proxies: HTTPProxySettings = .direct) throws {
        guard let url = request.url else {
            throw APIError.networkError("HTTPClientTransport: the request has no URL.")
        }
        self.url = url
        let scheme = url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw APIError.networkError(
                "HTTPClientTransport sends http and https requests only, not \(url.scheme ?? "(no scheme)"): "
                    + SwitchboardLogger.describe(url))
        }
        guard var host = url.host(percentEncoded: false), !host.isEmpty else {
            throw APIError.networkError("HTTPClientTransport: \(SwitchboardLogger.describe(url)) has no host.")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let isSecure = scheme == "https"
        let port = url.port ?? (isSecure ? 443 : 80)
        origin = HTTPConnectionPool.Origin(isSecure: isSecure, host: host, port: port)
        guard request.httpBodyStream == nil else {
            throw APIError.networkError("HTTPClientTransport does not send httpBodyStream bodies; set httpBody.")
        }
        method = request.httpMethod ?? "GET"
        guard !method.isEmpty, method.utf8.allSatisfy(HTTPHeadSyntax.isTokenByte) else {
            throw APIError.networkError("HTTPClientTransport: \"\(method)\" is not an HTTP method.")
        }
        let body = request.httpBody ?? Data()

        // A byte search: `String.contains(_: String)` is Foundation's locale-aware `range(of:)`.
        let hostField = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
        let authority = port == (isSecure ? 443 : 80) ? hostField : "\(hostField):\(port)"
        let path = url.path(percentEncoded: true)
        var target = path.isEmpty ? "/" : path
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        var proxyFields = ""
        if let proxyURL = try proxies.proxy(isSecure: isSecure, host: host, port: port) {
            let proxy = try Self.proxyOrigin(proxyURL)
            let authorization = Self.proxyAuthorization(proxyURL)
            if isSecure {
                route = .tunnel(proxy: proxy, authorization: authorization)
                connectionKey = HTTPConnectionPool.Origin(
                    isSecure: true, host: host, port: port, via: "\(proxy.host):\(proxy.port)")
            } else {
                route = .forward(proxy: proxy)
                connectionKey = proxy
                target = "http://\(authority)\(target)"
                if let authorization { proxyFields += "Proxy-Authorization: \(authorization)\r\n" }
            }
        } else {
            route = .direct
            connectionKey = origin
        }

        var fields = ""
        var hasHost = false
        var hasAcceptEncoding = false
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch name.lowercased() {
            // The transport frames the body and manages the connection (and the proxy's) itself.
            case "content-length", "transfer-encoding", "connection", "proxy-authorization": continue
            case "host": hasHost = true
            case "accept-encoding": hasAcceptEncoding = true
            default: break
            }
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPHeadSyntax.isTokenByte) else {
                throw APIError.networkError("HTTPClientTransport: \"\(name)\" is not a valid header name.")
            }
            guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw APIError.networkError(
                    "HTTPClientTransport: the value of header \(name) contains a line break or NUL.")
            }
            fields += "\(name): \(value)\r\n"
        }
        var text = "\(method) \(target) HTTP/1.1\r\n"
        if !hasHost { text += "Host: \(authority)\r\n" }
        if !hasAcceptEncoding { text += "Accept-Encoding: \(HTTPContentDecoder.acceptEncoding)\r\n" }
        text += fields
        text += proxyFields
        if !body.isEmpty || method == "POST" || method == "PUT" || method == "PATCH" {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "\r\n"
        var wire: [UInt8] = []
        wire.reserveCapacity(text.utf8.count + body.count)
        wire += text.utf8
        wire += body
        self.wire = wire
    }

    /// Where a proxy URL points; only `http://` proxies are spoken to.
    private static func proxyOrigin(_ url: URL) throws(APIError) -> HTTPConnectionPool.Origin {
        guard url.scheme?.lowercased() == "http", var host = url.host, !host.isEmpty else {
            throw .networkError(
                "HTTPClientTransport speaks to http:// proxies only, not \(url.scheme ?? "(no scheme)")://\(url.host ?? "") "
                    + "(HTTPProxySettings); use URLSessionTransport for others.")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return HTTPConnectionPool.Origin(isSecure: false, host: host, port: url.port ?? 1080)
    }

    /// `Basic` credentials from the proxy URL's user and password, percent-decoded.
    private static func proxyAuthorization(_ url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let user = components.user
        else { return nil }
        let credentials = "\(user):\(components.password ?? "")"
        return "Basic " + Data(credentials.utf8).base64EncodedString()
    }
}
