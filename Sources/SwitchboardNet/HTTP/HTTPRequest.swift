/// One parsed HTTP/1.1 request: request line, headers and the complete (de-chunked) body.
package struct HTTPRequest: Sendable {
    /// The method token, e.g. `GET` or `POST`.
    package var method: String
    /// The request target as sent, e.g. `/graphql?query=%7B...`.
    package var target: String
    /// The protocol version, e.g. `(1, 1)`.
    package var version: (major: Int, minor: Int)
    /// The header fields.
    package var headers: HTTPHeaders
    /// The body bytes (chunked bodies already decoded).
    package var body: [UInt8]
    /// The trailer fields that followed a chunked body, if any. They are never merged into
    /// ``headers``: a field such as `Authorization` sent as a trailer is not a request header.
    package var trailers: HTTPHeaders = [:]

    /// Creates a request, as tests and clients build them.
    package init(
        method: String, target: String, version: (major: Int, minor: Int) = (1, 1), headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The path part of the target, percent-decoded, without the query.
    package var path: String {
        // Most targets (`/graphql`) have neither a query nor an escape: the target is the path.
        if !target.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "%") }) { return target }
        let raw = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return PercentDecoding.decode(raw, plusAsSpace: false) ?? String(raw)
    }

    /// The raw query string (after `?`), or `nil`.
    package var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// The query parameters, percent- and `+`-decoded, in order.
    package var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusAsSpace: true) ?? String(parts[0])
            let value = parts.count > 1 ? (PercentDecoding.decode(parts[1], plusAsSpace: true) ?? String(parts[1])) : ""
            return (name: name, value: value)
        }
    }

    /// The first query parameter named `name`.
    package func queryItem(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The body as UTF-8 text (invalid sequences replaced).
    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Whether the client wants the connection kept open after the response.
    package var keepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version.major == 1 && version.minor == 0 { return headers.containsToken("keep-alive", in: "Connection") }
        return true
    }
}

/// `%XX` decoding for request targets and form-style query strings.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as space when asked); `nil` for malformed escapes or bad UTF-8.
    static func decode(_ text: some StringProtocol, plusAsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusAsSpace: bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
