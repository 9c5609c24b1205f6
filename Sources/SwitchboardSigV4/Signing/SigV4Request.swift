import Foundation

/// One header field of a request to sign.
package struct SigV4HeaderField: Sendable, Hashable {
    /// The field name as sent (compared case-insensitively).
    package var name: String
    /// The field value as sent.
    package var value: String

    /// Creates a field.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An HTTP request as SigV4 sees it: method, path and query exactly as they go on the wire,
/// header fields in order (duplicates kept) and the body.
package struct SigV4Request: Sendable, Hashable {
    /// The method, e.g. `POST`.
    package var method: String
    /// The path as sent: percent-encoded (`/a%20b`) or raw (`/a b`); either is encoded once more.
    package var path: String
    /// The query string as sent, without `?`; empty when there is none.
    package var query: String
    /// The header fields, in order. `Host` must be among them (the URL initializer adds it).
    package var headers: [SigV4HeaderField]
    /// The body bytes.
    package var body: [UInt8]

    /// Creates a request from its parts.
    package init(method: String, path: String, query: String = "", headers: [SigV4HeaderField] = [], body: [UInt8] = [])
    {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Creates a request for `url`, adding a `Host` field derived from it (lowercase host, port
    /// only when it is not the scheme's default) unless `headers` has one.
    package init(method: String, url: URL, headers: [SigV4HeaderField] = [], body: [UInt8] = []) throws(SigV4Error) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.percentEncodedHost, !host.isEmpty
        else { throw SigV4Error.invalidURL(url.absoluteString) }
        self.init(
            method: method, path: components.percentEncodedPath, query: components.percentEncodedQuery ?? "",
            headers: headers, body: body)
        if value(forHeader: "host") == nil {
            var hostValue = SigV4Encoding.lowercased(host)
            if hostValue.contains(":") && !hostValue.hasPrefix("[") { hostValue = "[\(hostValue)]" }
            let defaultPort = ["http": 80, "https": 443, "ws": 80, "wss": 443][components.scheme?.lowercased() ?? ""]
            if let port = components.port, port != defaultPort { hostValue += ":\(port)" }
            self.headers.append(SigV4HeaderField("Host", hostValue))
        }
    }

    /// Creates a request from an origin-form target such as `/path?query` (the path may hold raw
    /// bytes, as the AWS test suite's do).
    package init(method: String, target: String, headers: [SigV4HeaderField] = [], body: [UInt8] = []) {
        if let mark = target.firstIndex(of: "?") {
            self.init(
                method: method, path: String(target[..<mark]), query: String(target[target.index(after: mark)...]),
                headers: headers, body: body)
        } else {
            self.init(method: method, path: target, headers: headers, body: body)
        }
    }

    /// The first value of the header `name` (case-insensitive).
    package func value(forHeader name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value of the header `name` (case-insensitive), in order.
    package func values(forHeader name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Replaces every field named `name` with one field at the end.
    package mutating func setHeader(_ name: String, _ value: String) {
        removeHeader(name)
        headers.append(SigV4HeaderField(name, value))
    }

    /// Removes every field named `name`.
    package mutating func removeHeader(_ name: String) {
        headers.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// The request target: path, then `?query` when there is one.
    package var target: String { query.isEmpty ? path : "\(path)?\(query)" }
}

extension String {
    /// ASCII case-insensitive equality, as header names need.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy {
            ($0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0) == ($1 >= 65 && $1 <= 90 ? $1 | 0x20 : $1)
        }
    }
}
