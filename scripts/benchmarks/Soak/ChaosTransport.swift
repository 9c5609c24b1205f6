import Foundation
import SwitchboardAPI
import SwitchboardCore

/// The client's real-time transport with a hand on every socket it opened: the soak closes one
/// from the client side (a client-side disconnect) or stops reading from one for a while (a
/// stalled connection, which the server's bounded outbox and write timeout must cut).
final class ChaosTransport: RealtimeTransport {
    struct Counters: Sendable {
        var opened = 0
        var closedByClient = 0
        var droppedByChaos = 0
        var stalled = 0
        /// Stalled sockets the server then closed (its outbox overflowed or its write timed out).
        var stalledCutByServer = 0
        /// `LimitExceededError` messages: the server disconnected a slow consumer.
        var slowConsumerErrors = 0
    }

    private struct State {
        var open: [Int: ChaosSocket] = [:]
        var nextID = 0
        var counters = Counters()
    }

    private let inner = WebSocketRealtimeTransport()
    private let state = Locked(State())

    func connect(to url: URL, headers: [(String, String)], subprotocols: [String]) async throws
        -> any RealtimeSocket
    {
        let socket = try await inner.connect(to: url, headers: headers, subprotocols: subprotocols)
        return state.withLock { state in
            state.nextID += 1
            state.counters.opened += 1
            let wrapped = ChaosSocket(id: state.nextID, inner: socket, transport: self)
            state.open[state.nextID] = wrapped
            return wrapped
        }
    }

    var counters: Counters { state.withLock { $0.counters } }
    /// Sockets the client has not closed.
    var openSockets: Int { state.withLock { $0.open.count } }

    /// Closes one open socket at random from the client side; `false` if none is open.
    func dropRandomSocket() async -> Bool {
        guard let socket = state.withLock({ $0.open.values.randomElement() }) else { return false }
        state.withLock { $0.counters.droppedByChaos += 1 }
        await socket.inner.close(code: 1001)
        return true
    }

    /// Stops reading from one socket at random, among those open for 10 s at least (so that its
    /// subscriptions were acknowledged: a stall must not be what times their `start_ack` out), until
    /// `until` (or ``endStalls()``).
    func stallRandomSocket(until: ContinuousClock.Instant) -> Bool {
        let settled = ContinuousClock.now - .seconds(10)
        guard let socket = state.withLock({ $0.open.values.filter { $0.openedAt < settled }.randomElement() })
        else { return false }
        state.withLock { $0.counters.stalled += 1 }
        socket.stall(until: until)
        return true
    }

    /// Every stalled socket reads again.
    func endStalls() {
        for socket in state.withLock({ Array($0.open.values) }) { socket.stall(until: .now) }
    }

    fileprivate func closed(_ id: Int) {
        state.withLock { state in
            if state.open.removeValue(forKey: id) != nil { state.counters.closedByClient += 1 }
        }
    }

    fileprivate func record(_ change: (inout Counters) -> Void) { state.withLock { change(&$0.counters) } }
}

/// One socket of a ``ChaosTransport``.
final class ChaosSocket: RealtimeSocket {
    let id: Int
    let inner: any RealtimeSocket
    let openedAt = ContinuousClock.now
    private let transport: ChaosTransport
    /// Reads wait until then; `wasStalled` marks a socket whose end is counted as the server's cut.
    private let stall = Locked<(until: ContinuousClock.Instant, wasStalled: Bool)>((.now, false))
    private static let limitExceeded = Array("LimitExceededError".utf8)

    init(id: Int, inner: any RealtimeSocket, transport: ChaosTransport) {
        self.id = id
        self.inner = inner
        self.transport = transport
    }

    func stall(until: ContinuousClock.Instant) {
        stall.withLock { $0 = (until, $0.wasStalled || until > .now) }
    }

    func send(text: String) async throws { try await inner.send(text: text) }

    var upgradeResponse: HTTPTransportResponse { inner.upgradeResponse }

    func receive() async throws -> String? {
        while true {
            let until = stall.withLock { $0.until }
            guard ContinuousClock.now < until else { break }
            try await Task.sleep(for: min(until - .now, .milliseconds(200)))
        }
        let text: String?
        do {
            text = try await inner.receive()
        } catch {
            endedByServer()
            throw error
        }
        guard let text else {
            endedByServer()
            return nil
        }
        if text.utf8.count < 4096, text.utf8.firstRange(of: Self.limitExceeded) != nil {
            transport.record { $0.slowConsumerErrors += 1 }
        }
        return text
    }

    func close(code: UInt16) async {
        transport.closed(id)
        await inner.close(code: code)
    }

    private func endedByServer() {
        let wasStalled = stall.withLock { state in
            defer { state.wasStalled = false }
            return state.wasStalled
        }
        if wasStalled { transport.record { $0.stalledCutByServer += 1 } }
    }
}
