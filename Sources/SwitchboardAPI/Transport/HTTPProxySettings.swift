import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The proxies ``HTTPClientTransport`` sends requests through. By default they come from the
/// environment, read once when the transport is made, as curl (and so `URLSession` on Linux)
/// reads them:
///
/// | Variable | Used for |
/// | --- | --- |
/// | `http_proxy` | `http` URLs (lower case only: a CGI server sets `HTTP_PROXY` from a request's `Proxy` header) |
/// | `https_proxy`, `HTTPS_PROXY` | `https` URLs, through a `CONNECT` tunnel (the proxy sees neither requests nor credentials) |
/// | `all_proxy`, `ALL_PROXY` | either, when the variable above is not set |
/// | `no_proxy`, `NO_PROXY` | hosts reached directly (see ``noProxy``) |
///
/// A proxy is an `http://[user:password@]host[:port]` URL (`http://` may be left out; the port
/// is 1080 when absent, as in curl); user and password are sent as `Proxy-Authorization: Basic`.
/// Loopback hosts (`localhost`, `127.0.0.0/8`, `::1`) are always reached directly.
public struct HTTPProxySettings: Sendable, Equatable {
    /// The proxy for `http` URLs, or `nil` to connect directly.
    public var httpProxy: URL?
    /// The proxy for `https` URLs, or `nil` to connect directly.
    public var httpsProxy: URL?
    /// Hosts reached directly, as in curl's `no_proxy`: `*` (every host); a domain, which also
    /// matches its subdomains (`example.com` and `.example.com` both match `api.example.com`);
    /// `host:port`; an IP address; or a CIDR block (`10.0.0.0/8`, `fd00::/8`).
    public var noProxy: [String]
    /// A proxy variable the environment set to something that is not a URL: requests that would
    /// use it fail naming the variable, instead of silently going direct.
    var problem: String?

    /// Settings with the given proxies.
    public init(httpProxy: URL? = nil, httpsProxy: URL? = nil, noProxy: [String] = []) {
        self.httpProxy = httpProxy
        self.httpsProxy = httpsProxy
        self.noProxy = noProxy
    }

    /// No proxy: every request connects directly.
    public static let direct = HTTPProxySettings()

    /// The proxies the environment names (see the table above).
    public static func environment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> HTTPProxySettings
    {
        func first(_ names: String...) -> (name: String, value: String)? {
            for name in names {
                if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                    return (name, value)
                }
            }
            return nil
        }
        var settings = HTTPProxySettings()
        func url(_ variable: (name: String, value: String)?) -> URL? {
            guard let (name, value) = variable else { return nil }
            let text = value.contains("://") ? value : "http://" + value
            guard let url = URL(string: text), url.host != nil else {
                settings.problem = "the environment variable \(name) is not a proxy URL"
                return nil
            }
            return url
        }
        settings.httpProxy = url(first("http_proxy", "all_proxy", "ALL_PROXY"))
        settings.httpsProxy = url(first("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"))
        settings.noProxy = (first("no_proxy", "NO_PROXY")?.value ?? "")
            .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        return settings
    }

    /// The proxy for a request to `host:port`, or `nil` to connect directly.
    package func proxy(isSecure: Bool, host: String, port: Int) throws(APIError) -> URL? {
        guard let proxy = isSecure ? httpsProxy : httpProxy else {
            if let problem { throw .networkError("HTTPClientTransport: \(problem).") }
            return nil
        }
        let host = host.lowercased()
        if Self.isLoopback(host) || noProxy.contains(where: { Self.entry($0, matches: host, port: port) }) {
            return nil
        }
        return proxy
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host == "::1"
            || ipAddressBytes(host).map { $0.count == 4 && $0[0] == 127 } == true
    }

    /// Whether one `no_proxy` entry covers `host` (lower-cased, IPv6 without brackets) and `port`.
    private static func entry(_ entry: String, matches host: String, port: Int) -> Bool {
        var pattern = entry.lowercased()
        if pattern == "*" { return true }
        if let slash = pattern.firstIndex(of: "/") {
            guard let network = ipAddressBytes(String(pattern[..<slash])),
                let bits = Int(pattern[slash...].dropFirst()),
                let address = ipAddressBytes(host), address.count == network.count
            else { return false }
            return zip(address, network).enumerated().allSatisfy { index, pair in
                let maskBits = min(8, max(0, bits - index * 8))
                let mask = UInt8(truncatingIfNeeded: 0xFF00 >> maskBits)
                return pair.0 & mask == pair.1 & mask
            }
        }
        // `host:port` or `[v6]:port`; a bare IPv6 address has several colons and no port.
        if pattern.hasPrefix("["), let close = pattern.firstIndex(of: "]") {
            let rest = pattern[pattern.index(after: close)...]
            if rest.hasPrefix(":"), Int(rest.dropFirst()) != port { return false }
            pattern = String(pattern[pattern.index(after: pattern.startIndex)..<close])
        } else if pattern.filter({ $0 == ":" }).count == 1, let colon = pattern.firstIndex(of: ":") {
            guard Int(pattern[pattern.index(after: colon)...]) == port else { return false }
            pattern = String(pattern[..<colon])
        }
        while pattern.hasPrefix("*") || pattern.hasPrefix(".") { pattern.removeFirst() }
        return host == pattern || host.hasSuffix("." + pattern)
    }
}

/// The bytes of an IPv4 or IPv6 address written as text, or `nil` for a name.
private func ipAddressBytes(_ text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
    return nil
}
