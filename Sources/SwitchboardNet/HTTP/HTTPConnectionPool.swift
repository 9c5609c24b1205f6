/// Kept-alive HTTP/1.1 client connections, per origin: at most `maximumConnectionsPerOrigin`
/// open at once (the others wait, first come first served), idle ones reused most recent first
/// and closed after `idleTimeout`. Requests are never pipelined: a connection carries one
/// exchange at a time.
package actor HTTPConnectionPool {
    /// Where connections go: scheme, host and port, and the proxy a tunnel to them goes through
    /// (a tunnelled connection is not interchangeable with a direct one).
    package struct Origin: Hashable, Sendable, CustomStringConvertible {
        package var isSecure: Bool
        package var host: String
        package var port: Int
        /// The proxy (`host:port`) the connection is tunnelled through, if any.
        package var via: String?

        package init(isSecure: Bool, host: String, port: Int, via: String? = nil) {
            self.isSecure = isSecure
            self.host = host
            self.port = port
            self.via = via
        }

        package var description: String {
            let origin = "\(isSecure ? "https" : "http")://\(host):\(port)"
            return via.map { "\(origin) through the proxy \($0)" } ?? origin
        }
    }

    /// What a caller may use: a kept-alive connection, or a slot to open a new one in.
    package enum Grant: Sendable {
        case reuse(any ByteStream)
        case openNew
    }

    private struct Idle {
        let stream: any ByteStream
        let since: ContinuousClock.Instant
    }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Grant, any Error>
    }

    private struct OriginState {
        var idle: [Idle] = []
        /// Connections open or being opened, idle ones included.
        var open = 0
        var waiters: [Waiter] = []
    }

    /// Thrown by ``checkOut(_:)`` when `maximumWaitersPerOrigin` callers already wait for a
    /// connection to the origin.
    package struct TooManyWaiting: Error, Equatable {
        package let limit: Int
    }

    package let maximumConnectionsPerOrigin: Int
    package let idleTimeout: Duration
    /// How many callers may wait for a connection to one origin; more fail at once.
    package let maximumWaitersPerOrigin: Int
    private var origins: [Origin: OriginState] = [:]
    private var nextWaiterID = 0
    /// Closes connections idle longer than `idleTimeout`, while any are idle.
    private var reaper: Task<Void, Never>?

    package init(maximumConnectionsPerOrigin: Int, idleTimeout: Duration, maximumWaitersPerOrigin: Int = 10_000) {
        self.maximumConnectionsPerOrigin = max(1, maximumConnectionsPerOrigin)
        self.idleTimeout = idleTimeout
        self.maximumWaitersPerOrigin = max(0, maximumWaitersPerOrigin)
    }

    /// How many callers wait for a connection, across origins (for tests and diagnostics).
    package var waiterCount: Int { origins.values.reduce(0) { $0 + $1.waiters.count } }

    /// A connection to use for one exchange. Every grant must be given back exactly once, with
    /// ``checkIn(_:to:reusable:)`` or ``discard(from:)``.
    /// - Throws: ``TooManyWaiting`` when the origin's connections are all busy and
    ///   `maximumWaitersPerOrigin` callers already wait; `CancellationError` when cancelled waiting
    ///   or when `deadline` passes while waiting.
    package func checkOut(_ origin: Origin, deadline: ExchangeDeadline? = nil) async throws -> Grant {
        var state = origins[origin, default: OriginState()]
        let now = ContinuousClock.now
        while let idle = state.idle.popLast() {
            if now - idle.since < idleTimeout {
                origins[origin] = state
                return .reuse(idle.stream)
            }
            state.open -= 1
            Task { await idle.stream.close() }
        }
        if state.open < maximumConnectionsPerOrigin {
            state.open += 1
            origins[origin] = state
            return .openNew
        }
        guard state.waiters.count < maximumWaitersPerOrigin else {
            origins[origin] = state
            throw TooManyWaiting(limit: maximumWaitersPerOrigin)
        }
        let id = nextWaiterID
        nextWaiterID += 1
        origins[origin] = state
        // A request whose deadline passes while it waits leaves the queue like a cancelled one.
        deadline?.onExpiry { Task { await self.cancelWaiter(id, of: origin) } }
        defer { deadline?.clearExpiry() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    origins[origin, default: OriginState()].waiters.append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id, of: origin) }
        }
    }

    /// Gives a connection back after a complete exchange: kept for the next request when
    /// `reusable`, closed otherwise.
    package func checkIn(_ stream: any ByteStream, to origin: Origin, reusable: Bool) async {
        guard reusable else {
            await stream.close()
            discard(from: origin)
            return
        }
        var state = origins[origin, default: OriginState()]
        if !state.waiters.isEmpty {
            let waiter = state.waiters.removeFirst()
            origins[origin] = state
            waiter.continuation.resume(returning: .reuse(stream))
            return
        }
        state.idle.append(Idle(stream: stream, since: .now))
        origins[origin] = state
        startReaperIfNeeded()
    }

    /// Gives back a grant whose connection is gone (closed by the caller, or never opened): its
    /// slot goes to the first waiter, who opens a new connection.
    package func discard(from origin: Origin) {
        var state = origins[origin, default: OriginState()]
        if !state.waiters.isEmpty {
            let waiter = state.waiters.removeFirst()
            origins[origin] = state
            waiter.continuation.resume(returning: .openNew)
            return
        }
        state.open -= 1
        store(state, for: origin)
    }

    /// Keeps `state`, or forgets the origin once nothing is open or waiting there, so that the
    /// table holds only origins in use however many a process talks to.
    private func store(_ state: OriginState, for origin: Origin) {
        origins[origin] = state.open == 0 && state.waiters.isEmpty ? nil : state
    }

    /// Closes every idle connection to `origin` (after one of them turned out to be closed by the
    /// server, the others, as old, probably are too).
    package func closeIdle(_ origin: Origin) async {
        guard var state = origins[origin] else { return }
        let idle = state.idle
        state.idle.removeAll()
        state.open -= idle.count
        store(state, for: origin)
        for connection in idle { await connection.stream.close() }
    }

    private func startReaperIfNeeded() {
        guard reaper == nil else { return }
        let interval = max(idleTimeout / 2, .milliseconds(10))
        reaper = Task { [weak self] in
            while true {
                try? await Task.sleep(for: interval)
                guard let self, await self.reapExpired() else { return }
            }
        }
    }

    /// Closes the connections idle for `idleTimeout` or longer; `false` (the reaper then ends)
    /// once no connection is idle.
    private func reapExpired() async -> Bool {
        let now = ContinuousClock.now
        var expired: [any ByteStream] = []
        for (origin, var state) in origins where !state.idle.isEmpty {
            // Connections are parked in the order they were given back: the expired ones lead.
            let staleCount = state.idle.prefix { now - $0.since >= idleTimeout }.count
            guard staleCount > 0 else { continue }
            expired += state.idle.prefix(staleCount).map(\.stream)
            state.idle.removeFirst(staleCount)
            state.open -= staleCount
            store(state, for: origin)
        }
        let anyIdle = origins.values.contains { !$0.idle.isEmpty }
        if !anyIdle { reaper = nil }
        for stream in expired { await stream.close() }
        return anyIdle
    }

    private func cancelWaiter(_ id: Int, of origin: Origin) {
        guard var state = origins[origin], let index = state.waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = state.waiters.remove(at: index)
        store(state, for: origin)
        waiter.continuation.resume(throwing: CancellationError())
    }
}
