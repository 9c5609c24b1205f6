/// An HTTP response a server handler returns: status, headers, body, and optionally a protocol
/// upgrade that takes over the connection after the response head is written.
package struct HTTPResponse: Sendable {
    /// Takes over a connection after a `101 Switching Protocols` response. `leftover` holds bytes
    /// the client sent after the upgrade request, which belong to the new protocol.
    package typealias UpgradeHandler = @Sendable (_ stream: any ByteStream, _ leftover: [UInt8]) async -> Void

    /// The status code.
    package var status: Int
    /// The header fields; `Content-Length` is added when absent.
    package var headers: HTTPHeaders
    /// The body bytes.
    package var body: [UInt8]
    /// Set for `101` responses: runs on the connection once the head is sent.
    package var upgrade: UpgradeHandler?
    /// Runs once the response is written, or its write failed, before the connection reads its
    /// next request: work the request caused that must not delay its answer (the local server
    /// publishes a mutation's result to subscribers here). Not run for `101` responses.
    package var afterSent: (@Sendable () async -> Void)?

    /// Creates a response.
    package init(status: Int = 200, headers: HTTPHeaders = [:], body: [UInt8] = [], upgrade: UpgradeHandler? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.upgrade = upgrade
    }

    /// A response with a UTF-8 text body and the given content type.
    package static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> HTTPResponse
    {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// A response carrying `json` (already serialized) as `application/json`.
    package static func json(_ json: String, status: Int = 200) -> HTTPResponse {
        text(json, status: status, contentType: "application/json")
    }

    /// The standard reason phrase for `status`.
    package static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// The wire form: status line, headers (with `Content-Length` and `Connection` as needed) and
    /// body, written as bytes into one buffer of the right size. Built from bytes, without string
    /// interpolation: every response of the server goes through here.
    package func serialized(keepAlive: Bool, includeBody: Bool) -> [UInt8] {
        let bodyless = status < 200 || status == 204 || status == 304
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + (includeBody && !bodyless ? body.count : 0))
        func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        bytes.append(contentsOf: "HTTP/1.1 ".utf8)
        Self.appendDecimal(status, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        append(Self.reasonPhrase(for: status))
        bytes += [13, 10]
        var hasLength = false
        var hasConnection = false
        for field in headers {
            append(field.name)
            bytes += [58, 32]
            append(field.value)
            bytes += [13, 10]
            if field.name.caseInsensitiveEquals("Content-Length")
                || field.name.caseInsensitiveEquals("Transfer-Encoding")
            {
                hasLength = true
            } else if field.name.caseInsensitiveEquals("Connection") {
                hasConnection = true
            }
        }
        if !bodyless && !hasLength {
            bytes.append(contentsOf: "Content-Length: ".utf8)
            Self.appendDecimal(body.count, to: &bytes)
            bytes += [13, 10]
        }
        if !keepAlive && status != 101 && !hasConnection { bytes.append(contentsOf: "Connection: close\r\n".utf8) }
        bytes += [13, 10]
        if includeBody && !bodyless { bytes.append(contentsOf: body) }
        return bytes
    }

    /// Appends the decimal digits of `value` (not negative).
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = max(value, 0)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
