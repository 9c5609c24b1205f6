import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPClientTransport {
    /// Headers that carry credentials, dropped when a redirect leaves the origin they were meant
    /// for (lower-cased).
    static let credentialHeaders: Set<String> = ["authorization", "cookie", "x-api-key", "x-amz-security-token"]

    /// The request a redirect asks for, or `nil` when `response` is to be returned as it is (not
    /// a redirect, no `Location`, or not a `GET` or `HEAD`).
    /// - Throws: `APIError.networkError` past ``maximumRedirects``, or for a redirect from
    ///   `https` to `http` or to a URL that is not `http` or `https`.
    func redirect(
        _ request: URLRequest, _ message: HTTPClientRequest, answeredWith response: HTTPTransportResponse,
        after redirects: Int
    ) throws -> URLRequest? {
        guard [301, 302, 303, 307, 308].contains(response.statusCode),
            message.method == "GET" || message.method == "HEAD",
            maximumRedirects > 0, let location = response.headers["location"], let current = request.url
        else { return nil }
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw APIError.networkError(
                "\(message.displayURL) redirected (\(response.statusCode)) to \"\(location.prefix(200))\", "
                    + "which is not an http or https URL.")
        }
        let targetDisplay = SwitchboardLogger.describe(target)
        guard redirects < maximumRedirects else {
            throw APIError.networkError(
                "More than \(maximumRedirects) redirects (HTTPClientTransport.maximumRedirects); "
                    + "the last was from \(message.displayURL) to \(targetDisplay).")
        }
        if message.origin.isSecure && scheme == "http" {
            throw APIError.networkError(
                "\(message.displayURL) redirected to \(targetDisplay): a redirect from https to http is refused.")
        }
        var next = request
        next.url = target
        let targetPort = target.port ?? (scheme == "https" ? 443 : 80)
        let isSameOrigin =
            scheme == (message.origin.isSecure ? "https" : "http") && targetPort == message.origin.port
            && target.host.map { Self.bareHost($0) } == message.origin.host.lowercased()
        if !isSameOrigin {
            for name in (request.allHTTPHeaderFields ?? [:]).keys
            where Self.credentialHeaders.contains(name.lowercased()) {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    /// A URL's host lower-cased, IPv6 without its brackets (as ``HTTPClientRequest`` keeps it).
    private static func bareHost(_ host: String) -> String {
        let host = host.lowercased()
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
