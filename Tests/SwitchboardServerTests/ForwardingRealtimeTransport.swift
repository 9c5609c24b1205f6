#if canImport(COpenSSL)
    import Foundation
    import SwitchboardAPI

    /// A transport of the app's own, as one wrapping `URLSessionWebSocketTask` would be: its sockets
    /// forward to Switchboard's and report what the public ``RealtimeSocket`` protocol asks, so a
    /// test sees what Switchboard learns through that protocol alone.
    struct ForwardingRealtimeTransport: RealtimeTransport {
        let inner = WebSocketRealtimeTransport()

        func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
            -> any RealtimeSocket
        {
            ForwardingSocket(inner: try await inner.connect(to: url, headers: headers, subprotocols: subprotocols))
        }

        struct ForwardingSocket: RealtimeSocket {
            let inner: any RealtimeSocket

            func send(text: String) async throws { try await inner.send(text: text) }
            func receive() async throws -> String? { try await inner.receive() }
            func close(code: UInt16) async { await inner.close(code: code) }
            var upgradeResponse: HTTPTransportResponse { inner.upgradeResponse }
            var closeStatus: (code: UInt16, reason: String)? { inner.closeStatus }
        }
    }
#endif
