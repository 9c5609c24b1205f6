import Foundation
import SwitchboardNet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLRequest` as ``HTTPClientTransport`` writes it: where it goes, and the HTTP/1.1 head and
/// body in one buffer (one write; the body is copied once, from `httpBody`). Anything that cannot
/// be sent as given fails here, before a connection is used.
struct HTTPClientRequest: Sendable {
    let origin: HTTPConnectionPool.Origin
    let method: String
    /// The head and the body.
    let wire: [UInt8]
    /// The URL without its query, for errors (AppSync real-time URLs carry credentials there).
    let displayURL: String

    init(_ request: URLRequest) throws {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw APIError.networkError("HTTPClientTransport: the request has no URL.")
        }
        displayURL = SwitchboardLogger.describe(url)
        let scheme = components.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw APIError.networkError(
                "HTTPClientTransport sends http and https requests only, not \(components.scheme ?? "(no scheme)"): \(displayURL)"
            )
        }
        guard var host = components.host, !host.isEmpty else {
            throw APIError.networkError("HTTPClientTransport: \(displayURL) has no host.")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let isSecure = scheme == "https"
        let port = components.port ?? (isSecure ? 443 : 80)
        origin = HTTPConnectionPool.Origin(isSecure: isSecure, host: host, port: port)
        guard request.httpBodyStream == nil else {
            throw APIError.networkError("HTTPClientTransport does not send httpBodyStream bodies; set httpBody.")
        }
        method = request.httpMethod ?? "GET"
        guard !method.isEmpty, method.utf8.allSatisfy(HTTPHeadSyntax.isTokenByte) else {
            throw APIError.networkError("HTTPClientTransport: \"\(method)\" is not an HTTP method.")
        }
        let body = request.httpBody ?? Data()

        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let hostField = host.contains(":") ? "[\(host)]" : host
        let defaultPort = isSecure ? 443 : 80
        var text = "\(method) \(target) HTTP/1.1\r\n"
        let fields = request.allHTTPHeaderFields ?? [:]
        if !fields.keys.contains(where: { $0.caseInsensitiveCompare("Host") == .orderedSame }) {
            text += "Host: \(port == defaultPort ? hostField : "\(hostField):\(port)")\r\n"
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            let lowered = name.lowercased()
            // The transport frames the body and manages the connection itself.
            if lowered == "content-length" || lowered == "transfer-encoding" || lowered == "connection" { continue }
            guard !name.isEmpty, name.utf8.allSatisfy(HTTPHeadSyntax.isTokenByte) else {
                throw APIError.networkError("HTTPClientTransport: \"\(name)\" is not a valid header name.")
            }
            guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw APIError.networkError(
                    "HTTPClientTransport: the value of header \(name) contains a line break or NUL.")
            }
            text += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "\r\n"
        var wire: [UInt8] = []
        wire.reserveCapacity(text.utf8.count + body.count)
        wire += text.utf8
        wire += body
        self.wire = wire
    }
}
