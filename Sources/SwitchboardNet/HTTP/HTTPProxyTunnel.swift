import Foundation

/// Opens a tunnel through an HTTP proxy with `CONNECT` (RFC 9110 §9.3.6): the connection is to
/// the proxy, and once it answers 2xx, bytes pass through to `host:port` unchanged, so TLS to
/// the real server runs inside it and the proxy sees neither the requests nor the credentials.
package enum HTTPProxyTunnel {
    /// Why a proxy did not open a tunnel.
    package struct Refused: Error, CustomStringConvertible {
        /// The proxy's status code.
        package var status: Int
        /// Where the tunnel was to go.
        package var target: String

        package var description: String {
            status == 407
                ? "the proxy requires authentication for a tunnel to \(target) (407); put user:password in the proxy URL"
                : "the proxy refused a tunnel to \(target) with status \(status)"
        }
    }

    /// Asks the proxy at the other end of `connection` for a tunnel to `host:port`.
    /// - Parameter proxyAuthorization: The `Proxy-Authorization` value, if the proxy needs one.
    package static func open(
        over connection: TCPConnection, to host: String, port: Int, proxyAuthorization: String?,
        maximumHeadSize: Int = 65_536
    ) async throws {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let proxyAuthorization { head += "Proxy-Authorization: \(proxyAuthorization)\r\n" }
        head += "\r\n"
        try await connection.write(Array(head.utf8))
        var reader = HTTPResponseReader(stream: connection)
        let response = try await reader.readHead(maximumSize: maximumHeadSize)
        guard (200...299).contains(response.status) else { throw Refused(status: response.status, target: authority) }
        // The client speaks first in TLS: a proxy that sent more has broken the tunnel.
        guard reader.leftover.isEmpty else {
            throw HTTPResponseError.malformed("the proxy sent bytes after opening the tunnel to \(authority)")
        }
    }
}
