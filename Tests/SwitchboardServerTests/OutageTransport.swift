import Foundation
import SwitchboardAPI
import SwitchboardCore

/// Switchboard's real-time transport with an outage switch: ``beginOutage()`` closes every socket
/// it opened and refuses new ones until ``endOutage()``, while HTTP requests to the same server
/// go on (as when the real-time endpoint is unreachable for a while).
final class OutageTransport: RealtimeTransport {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused (outage)" }
    }

    private struct State {
        var sockets: [any RealtimeSocket] = []
        var isDown = false
        var refused = 0
    }

    private let inner = WebSocketRealtimeTransport()
    private let state = Locked(State())

    func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
        -> any RealtimeSocket
    {
        let isDown = state.withLock { state -> Bool in
            if state.isDown { state.refused += 1 }
            return state.isDown
        }
        if isDown { throw Refused() }
        let socket = try await inner.connect(to: url, headers: headers, subprotocols: subprotocols)
        state.withLock { $0.sockets.append(socket) }
        return socket
    }

    /// Connects refused during outages.
    var refusedConnects: Int { state.withLock { $0.refused } }

    func beginOutage() async {
        let sockets = state.withLock { state in
            state.isDown = true
            defer { state.sockets.removeAll() }
            return state.sockets
        }
        for socket in sockets { await socket.close(code: 1001) }
    }

    func endOutage() { state.withLock { $0.isDown = false } }
}
