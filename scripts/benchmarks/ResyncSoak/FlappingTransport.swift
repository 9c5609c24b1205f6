import Foundation
import SwitchboardAPI
import SwitchboardCore

/// Switchboard's real-time transport whose connection flaps: ``drop()`` closes every socket it
/// opened (the connection breaks), ``refuse(for:)`` also refuses new ones for a while (the
/// real-time endpoint is unreachable), while HTTP to the same server goes on.
final class FlappingTransport: RealtimeTransport {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "connection refused (flap)" }
    }

    private struct State {
        var sockets: [any RealtimeSocket] = []
        var refusedUntil = ContinuousClock.now
        var drops = 0
        var refusedConnects = 0
    }

    private let inner = WebSocketRealtimeTransport()
    private let state = Locked(State())

    func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
        -> any RealtimeSocket
    {
        let refused = state.withLock { state -> Bool in
            guard ContinuousClock.now < state.refusedUntil else { return false }
            state.refusedConnects += 1
            return true
        }
        if refused { throw Refused() }
        let socket = try await inner.connect(to: url, headers: headers, subprotocols: subprotocols)
        state.withLock { $0.sockets.append(socket) }
        return socket
    }

    /// Closes every open socket from the client side.
    func drop() async {
        let sockets = state.withLock { state in
            state.drops += 1
            defer { state.sockets.removeAll() }
            return state.sockets
        }
        for socket in sockets { await socket.close(code: 1001) }
    }

    /// Drops the connection and refuses new ones for `duration`.
    func refuse(for duration: Duration) async {
        state.withLock { $0.refusedUntil = .now + duration }
        await drop()
    }

    var drops: Int { state.withLock { $0.drops } }
    var refusedConnects: Int { state.withLock { $0.refusedConnects } }
}
