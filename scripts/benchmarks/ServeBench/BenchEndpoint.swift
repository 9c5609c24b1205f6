/// Where a benchmark sends its requests: an `http://host:port/path` URL taken apart once.
struct BenchEndpoint: Sendable {
    let host: String
    let port: Int
    let path: String

    /// Parses `http://host:port/path`; nil for anything else (no TLS, no default port).
    init?(url: String) {
        guard url.hasPrefix("http://") else { return nil }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...])
        else { return nil }
        self.host = String(authority[..<colon])
        self.port = port
        self.path = path.isEmpty ? "/" : String(path)
    }
}
