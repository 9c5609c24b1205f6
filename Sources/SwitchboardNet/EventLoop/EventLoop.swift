import Foundation
import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread blocked in epoll (Linux) or kqueue (Darwin) that resumes the tasks waiting for a
/// socket to become readable or writable.
///
/// Sockets never park a thread: a task that would block registers a continuation here and
/// suspends; the loop thread resumes it when the kernel reports readiness. Tasks then retry the
/// non-blocking system call themselves, so a spurious wake-up costs one `EAGAIN`, nothing more.
///
/// Descriptors are registered once, edge-triggered, for reading and writing together. A report
/// that finds no task waiting is kept until one comes, which then goes on without suspending.
package final class EventLoop: Sendable {
    /// A suspended task waiting for readiness. The number tells its cancellation handler whether the
    /// waiter it finds is still its own: by the time a task is cancelled, its descriptor may have
    /// been closed and reused by another socket, whose waiter it must not take.
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Registration {
        var isAdded = false
        /// The number the descriptor was registered with, which its reports carry.
        var token: UInt32 = 0
        var reader: Waiter?
        var writer: Waiter?
        /// Readiness reported while no task waited for it: the next waiter takes it instead of
        /// suspending, since the kernel reports a change only once.
        var pending: Interest = []
        /// Readiness that lasts (the peer's end of stream, a failed connection): every later
        /// waiter goes on at once.
        var final: Interest = []

        /// Takes the waiter for `interest` (exactly one of `.read`, `.write`) to resume it, or
        /// keeps the report for the next waiter when there is none.
        mutating func report(_ interest: Interest) -> CheckedContinuation<Void, any Error>? {
            let waiter = interest == .read ? reader : writer
            guard let waiter else {
                pending.insert(interest)
                return nil
            }
            if interest == .read { reader = nil } else { writer = nil }
            return waiter.continuation
        }
    }

    /// What the loop thread runs besides readiness: jobs of tasks that prefer this loop as their
    /// executor, and timers; and whether the thread is blocked in the poller, and until when (so
    /// that a new job, or a timer due earlier, must wake it).
    struct Schedule {
        var jobs: [UnownedJob] = []
        var timers = TimerQueue()
        var isPolling = false
        var pollDeadline: ContinuousClock.Instant?
        var isWakeSent = false
        /// How long the thread keeps collecting readiness without sleeping after it last had work
        /// (see ``keepPolling(for:)``).
        var busyPoll: Duration = .zero
        /// How many times the thread collected readiness without sleeping because of it, and how
        /// many times it went to sleep in the poller (for tests and diagnostics).
        var busyPolls = 0
        var sleeps = 0
        /// Tasks that gave way (see `EventLoop+Turn.swift`), to go on in the next turn: ahead of
        /// the work the readiness collected then brings, or behind it.
        var aheadOfReadiness: [UnsafeContinuation<Void, Never>] = []
        var behindReadiness: [UnsafeContinuation<Void, Never>] = []
    }

    let poller: Poller
    private struct Registrations {
        var table: [Int32: Registration] = [:]
        var lastWaiterID: UInt64 = 0
    }

    private let registrations = Locked(Registrations())
    let schedule = Locked(Schedule())

    private static let sharedLoop = Result<EventLoop, NetworkError> { () throws(NetworkError) in try EventLoop() }

    /// The process-wide loop that sockets use unless given another one.
    package static var shared: EventLoop {
        get throws(NetworkError) { try sharedLoop.get() }
    }

    /// The number the next loop gets (see ``CurrentLoop``).
    private static let nextNumber = Locked(0)

    /// The loop's number, from 0 in the order loops are created (see ``CurrentLoop``).
    let number: Int

    /// Creates a loop and starts its thread; the thread lives as long as the process.
    package init() throws(NetworkError) {
        poller = try Poller()
        number = Self.nextNumber.withLock { next in
            defer { next += 1 }
            return next
        }
        let thread = Thread { [self] in
            ThreadName.set("sb-loop-\(number)")
            CurrentLoop.enter(self)
            run()
        }
        thread.start()
    }

    /// The loop thread: runs the jobs enqueued on the loop and the timers due, then collects
    /// readiness (without blocking while jobs are waiting or within the busy-poll window after
    /// the last work, and until the next timer at most) and resumes the waiters, whose tasks, when
    /// they prefer this loop, are enqueued right back here rather than on the cooperative pool.
    private func run() {
        var events: [ReadinessEvent] = []
        events.reserveCapacity(128)
        var buffer = Poller.Buffer()
        var batch: [UnownedJob] = []
        var lastWork = ContinuousClock.now
        while true {
            let ranJobs = runEnqueuedJobs(&batch)
            let now = ContinuousClock.now
            if ranJobs || !events.isEmpty { lastWork = now }
            // The tasks that gave way are taken with the rest: only this thread's jobs add to
            // them, and it runs none before it has resumed these.
            let (due, timeout, gaveWay) = schedule.withLock { schedule -> (_, Duration?, _) in
                let due = schedule.timers.takeDue(at: now)
                let gaveWay = schedule.takeTasksThatGaveWay()
                guard schedule.jobs.isEmpty && due.isEmpty && gaveWay.ahead.isEmpty && gaveWay.behind.isEmpty else {
                    return (due, .zero, gaveWay)
                }
                // Still busy polling: the next request of a client that answers at once is found
                // without the thread going to sleep and being woken, which on a virtual machine
                // costs more than the request itself (see `keepPolling(for:)`).
                if now - lastWork < schedule.busyPoll {
                    schedule.busyPolls &+= 1
                    return (due, .zero, gaveWay)
                }
                schedule.sleeps &+= 1
                let next = schedule.timers.nextDeadline()
                schedule.isPolling = true
                schedule.pollDeadline = next
                return (due, next.map { $0 - now }, gaveWay)
            }
            for action in due { action() }
            events.removeAll(keepingCapacity: true)
            poller.wait(into: &events, timeout: timeout, buffer: &buffer)
            if timeout != .zero {
                schedule.withLock { schedule in
                    schedule.isPolling = false
                    schedule.isWakeSent = false
                }
            }
            for task in gaveWay.ahead { task.resume() }
            for event in events { dispatch(event) }
            for task in gaveWay.behind { task.resume() }
        }
    }

    private func dispatch(_ event: ReadinessEvent) {
        let (reader, writer) = registrations.withLock {
            registrations -> (CheckedContinuation<Void, any Error>?, CheckedContinuation<Void, any Error>?) in
            // In place: one lookup, no copy of the registration.
            guard let index = registrations.table.index(forKey: event.fd),
                registrations.table.values[index].token == event.token
            else { return (nil, nil) }
            registrations.table.values[index].final.formUnion(event.final)
            let reader = event.ready.contains(.read) ? registrations.table.values[index].report(.read) : nil
            let writer = event.ready.contains(.write) ? registrations.table.values[index].report(.write) : nil
            return (reader, writer)
        }
        reader?.resume()
        writer?.resume()
    }

    /// Suspends until `fd` is ready for `interest` (exactly one of `.read`, `.write`).
    /// Throws `CancellationError` if the task is cancelled and ``NetworkError/Kind/closed`` if the
    /// descriptor is deregistered meanwhile.
    ///
    /// `isStillOpen` is asked under the loop's lock whether the caller still owns `fd`: a socket
    /// closed by another task between its failed read and this wait must not register, because
    /// the number may already belong to a new socket, whose wake-up it would take (a listener
    /// then found its slot busy and stopped accepting).
    func waitUntilReady(_ fd: Int32, for interest: Interest, isStillOpen: () -> Bool) async throws {
        let id = registrations.withLock { registrations in
            registrations.lastWaiterID &+= 1
            return registrations.lastWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: WaitOutcome = registrations.withLock { registrations in
                    if Task.isCancelled { return .failed(CancellationError()) }
                    guard isStillOpen() else { return .failed(NetworkError(.closed, operation: "wait")) }
                    return add(
                        Waiter(id: id, continuation: continuation), for: interest,
                        to: &registrations.table[fd, default: Registration()], fd: fd)
                }
                switch outcome {
                case .waiting: break
                case .ready: continuation.resume()
                case .failed(let failure): continuation.resume(throwing: failure)
                }
            }
        } onCancel: {
            let cancelled: CheckedContinuation<Void, any Error>? = registrations.withLock { registrations in
                guard let index = registrations.table.index(forKey: fd) else { return nil }
                if interest == .read {
                    guard let waiter = registrations.table.values[index].reader, waiter.id == id else { return nil }
                    registrations.table.values[index].reader = nil
                    return waiter.continuation
                }
                guard let waiter = registrations.table.values[index].writer, waiter.id == id else { return nil }
                registrations.table.values[index].writer = nil
                return waiter.continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// What became of a task asking to wait.
    private enum WaitOutcome {
        /// It is registered, and resumed by the next report.
        case waiting
        /// A report it can use came before it: it goes on at once.
        case ready
        /// It cannot wait; resumed with the error.
        case failed(any Error)
    }

    /// Records `waiter` for `interest`, registering the descriptor the first time, unless a report
    /// no task took already says the descriptor is ready. Changes `registration` in place (the
    /// table's own entry).
    private func add(
        _ waiter: Waiter, for interest: Interest,
        to registration: inout Registration, fd: Int32
    ) -> WaitOutcome {
        if interest == .read {
            if registration.reader != nil {
                return .failed(NetworkError(.systemCall, operation: "read", errorNumber: EBUSY))
            }
        } else if registration.writer != nil {
            return .failed(NetworkError(.systemCall, operation: "write", errorNumber: EBUSY))
        }
        if registration.final.contains(interest) { return .ready }
        if registration.pending.contains(interest) {
            registration.pending.remove(interest)
            return .ready
        }
        if !registration.isAdded {
            // The first waiter's number tells this registration's reports from those of a socket
            // that had the descriptor number before: waiter numbers are never reused.
            let token = UInt32(truncatingIfNeeded: waiter.id)
            do {
                try poller.register(fd, token: token)
            } catch {
                return .failed(error)
            }
            registration.isAdded = true
            registration.token = token
        }
        if interest == .read { registration.reader = waiter } else { registration.writer = waiter }
        return .waiting
    }

    /// Forgets `fd` before it is closed, failing any task still waiting on it.
    func deregister(_ fd: Int32) {
        let waiters: [CheckedContinuation<Void, any Error>] = registrations.withLock { registrations in
            guard let registration = registrations.table.removeValue(forKey: fd) else { return [] }
            if registration.isAdded { poller.remove(fd) }
            return [registration.reader, registration.writer].compactMap { $0?.continuation }
        }
        for waiter in waiters { waiter.resume(throwing: NetworkError(.closed, operation: "wait")) }
    }
}
