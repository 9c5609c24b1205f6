import Foundation
import SwitchboardNet

/// The default ``RealtimeTransport``: Switchboard's own WebSocket client (RFC 6455 on the event
/// loop; TLS through OpenSSL on Linux and Network.framework on Apple platforms).
///
/// ```swift
/// let transport = WebSocketRealtimeTransport(
///     tls: TLSConfiguration(trustedCertificates: [.pemFile(URL(fileURLWithPath: "dev-ca.pem"))]))
/// let plugin = try APIPlugin(realtimeTransport: transport)
/// ```
public struct WebSocketRealtimeTransport: RealtimeTransport {
    /// Message limits and timeouts of each connection.
    package let configuration: WebSocketConfiguration
    /// Certificate verification for `wss` (system roots, plus any extra CA).
    package let tls: TLSConfiguration

    /// Creates the transport.
    public init(configuration: WebSocketConfiguration = .init(), tls: TLSConfiguration = .init()) {
        self.configuration = configuration
        self.tls = tls
    }

    /// Opens a WebSocket to `url` with the upgrade `headers`, offering `subprotocols`.
    public func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
        -> any RealtimeSocket
    {
        let socket = try await WebSocket.connect(
            to: url, headers: headers, subprotocols: subprotocols, configuration: configuration, tls: tls)
        return WebSocketRealtimeSocket(socket: socket)
    }
}

/// A ``RealtimeSocket`` over a ``WebSocket``: text messages only (binary frames are skipped, as
/// neither real-time protocol uses them).
struct WebSocketRealtimeSocket: RealtimeSocket {
    let socket: WebSocket

    var upgradeResponse: HTTPTransportResponse {
        HTTPTransportResponse(statusCode: 101, lowercasedHeaders: socket.upgradeResponseHeaders, body: Data())
    }

    func send(text: String) async throws {
        try await socket.send(text: text)
    }

    func receive() async throws -> String? {
        while let message = try await socket.receive() {
            if case .text(let text) = message { return text }
        }
        return nil
    }

    func close(code: UInt16) async {
        await socket.close(code: code)
    }

    var closeStatus: (code: UInt16, reason: String)? {
        socket.closeCode.map { (code: $0, reason: socket.closeReason ?? "") }
    }

    /// The socket's local address (numeric), to tell whether its network interface is still up.
    var localHost: String? { socket.localHost }

    /// Drops the connection without a closing handshake, which a network that went away
    /// could not carry.
    func abort() { socket.abort() }
}
