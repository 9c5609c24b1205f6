import Foundation
import SwitchboardCore

/// The server's open connections and the deadline each one is waiting against, so one reaper task
/// can close idle connections, time out slow request heads, abandon stalled writes and end
/// lingering closes, and `stop()` can close them all.
///
/// The reaper never writes or waits on a connection: it closes it, or for a late request head
/// shuts its input so the connection's own task wakes up, answers `408` and closes. A slow client
/// therefore costs nothing but its own task.
final class ConnectionTable: Sendable {
    /// What a connection is waiting for, which sets its deadline and what happens when it passes.
    enum Wait: Equatable {
        /// The first byte of a request: on a new connection (or during its TLS handshake) the head
        /// timeout from accepting it, on a kept-alive one the idle timeout. Closed silently.
        case request
        /// The rest of a request head that has started: answered `408` when the head timeout passes.
        case head
        /// More of a request body: answered `408` once the body timeout (counted from the end of
        /// the head) passes, closed silently once no byte arrived for the idle timeout.
        case body
        /// The responder: no deadline.
        case response
        /// A response write making progress: closed once a slice has not drained for the write
        /// timeout (restarted for every slice).
        case write
        /// A lingering close draining input after the final response: closed at the linger timeout.
        case linger
    }

    /// One connection's wait and deadline, behind a lock of its own: a connection's task updates
    /// its entry a few times per request, and entries of connections on different loops never
    /// share a lock (a table-wide lock here made the loops wait for each other on every request).
    /// The table's own lock is taken only to add, remove or list entries.
    final class Entry: Sendable {
        let connection: TCPConnection
        fileprivate let state: Locked<State>

        fileprivate init(connection: TCPConnection, deadline: ContinuousClock.Instant) {
            self.connection = connection
            state = Locked(State(wait: .request, deadline: deadline))
        }
    }

    fileprivate struct State {
        var wait: Wait
        var deadline: ContinuousClock.Instant?
        var hasServedRequest = false
        var requestTimedOut = false
        /// When the body of the request being read is due in full (set as its first `.body` wait).
        var bodyDeadline: ContinuousClock.Instant?
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])
    private let timeouts: Timeouts

    init(
        headTimeout: Duration, idleTimeout: Duration, bodyTimeout: Duration, writeTimeout: Duration,
        lingerTimeout: Duration
    ) {
        timeouts = Timeouts(
            head: headTimeout, idle: idleTimeout, body: bodyTimeout, write: writeTimeout, linger: lingerTimeout)
    }

    var count: Int { entries.withLock { $0.count } }

    /// Adds a just-accepted connection; its first request head is due within the head timeout.
    /// The connection's task reports its waits through the returned entry.
    func insert(_ connection: TCPConnection) -> Entry {
        let entry = Entry(connection: connection, deadline: .now + timeouts.head)
        entries.withLock { $0[ObjectIdentifier(connection)] = entry }
        return entry
    }

    /// Stops tracking `entry`'s connection (closed, or upgraded to a protocol with its own timeouts).
    func remove(_ entry: Entry) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(entry.connection)) }
    }

    /// Records what `entry`'s connection waits for now, moving its deadline as ``Wait`` describes;
    /// `false` once its request head or body has timed out (the caller answers `408`; writing that
    /// and the lingering close are still tracked). Staying in `.head` keeps the deadline, and so
    /// does the first head of a new connection (it runs from accepting it); `.write` restarts its
    /// timeout on every call, so a slow but steady download is not cut off, and so does `.body`, up
    /// to the body deadline set by its first call.
    @discardableResult
    func setWaiting(_ entry: Entry, for wait: Wait) -> Bool {
        entry.state.withLock { Self.update(&$0, for: wait, timeouts: timeouts) }
    }

    /// The timeouts an entry's deadlines come from.
    private struct Timeouts {
        let head: Duration
        let idle: Duration
        let body: Duration
        let write: Duration
        let linger: Duration
    }

    private static func update(_ state: inout State, for wait: Wait, timeouts: Timeouts) -> Bool {
        if state.requestTimedOut && wait != .write && wait != .linger { return false }
        switch wait {
        case .request where state.wait != .request: state.deadline = .now + timeouts.idle
        case .request: break
        case .head:
            let isFirstHead = state.wait == .request && !state.hasServedRequest
            if state.wait != .head && !isFirstHead { state.deadline = .now + timeouts.head }
        case .body:
            let now = ContinuousClock.now
            let bodyDeadline = state.bodyDeadline ?? now + timeouts.body
            state.bodyDeadline = bodyDeadline
            state.deadline = min(now + timeouts.idle, bodyDeadline)
        case .response:
            state.deadline = nil
            state.bodyDeadline = nil
            state.hasServedRequest = true
        case .write: state.deadline = .now + timeouts.write
        case .linger: if state.wait != .linger { state.deadline = .now + timeouts.linger }
        }
        state.wait = wait
        return true
    }

    /// Whether the request head or body of `entry`'s connection timed out (its reads then end early).
    func requestTimedOut(_ entry: Entry) -> Bool {
        entry.state.withLock { $0.requestTimedOut }
    }

    func closeAll() {
        let all = entries.withLock { table in table.values.map(\.connection) }
        for connection in all { connection.closeNow() }
    }

    /// Runs until cancelled, acting on passed deadlines a few times per shortest timeout.
    func reapExpiredConnections() async {
        let shortest =
            [timeouts.idle, timeouts.head, timeouts.body, timeouts.write, timeouts.linger].min() ?? timeouts.idle
        let interval = max(min(shortest / 4, .seconds(1)), .milliseconds(1))
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            reapExpiredConnections(now: .now)
        }
    }

    /// Closes the connections whose deadline passed (which fails a stalled write or a lingering
    /// read), except a late request head or body: that connection is marked timed out and its
    /// input shut, so its task's read returns and it answers `408` under the write and linger
    /// deadlines. Should it not get that far, it is closed like the others one more head timeout later.
    func reapExpiredConnections(now: ContinuousClock.Instant) {
        var expired: [TCPConnection] = []
        var lateHeads: [TCPConnection] = []
        for entry in entries.withLock({ Array($0.values) }) {
            entry.state.withLock { state in
                guard let deadline = state.deadline, deadline <= now else { return }
                let isLateBody = state.wait == .body && state.bodyDeadline.map { $0 <= now } == true
                if (state.wait == .head || isLateBody) && !state.requestTimedOut {
                    state.requestTimedOut = true
                    state.deadline = now + timeouts.head
                    lateHeads.append(entry.connection)
                } else {
                    expired.append(entry.connection)
                }
            }
        }
        for connection in expired { connection.closeNow() }
        for connection in lateHeads { connection.shutdownInput() }
    }
}
