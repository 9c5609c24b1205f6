import Foundation
import SwitchboardLocking

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
public final class EventLoop: Sendable {
    private struct Registration {
        var isAdded = false
        var reader: CheckedContinuation<Void, any Error>?
        var writer: CheckedContinuation<Void, any Error>?

        var armedInterest: Interest {
            var interest: Interest = []
            if reader != nil { interest.insert(.read) }
            if writer != nil { interest.insert(.write) }
            return interest
        }
    }

    private let poller: Poller
    private let registrations = Locked<[Int32: Registration]>([:])

    private static let sharedLoop = Result<EventLoop, NetworkError> { () throws(NetworkError) in try EventLoop() }

    /// The process-wide loop that sockets use unless given another one.
    public static var shared: EventLoop {
        get throws(NetworkError) { try sharedLoop.get() }
    }

    /// Creates a loop and starts its thread; the thread lives as long as the process.
    public init() throws(NetworkError) {
        poller = try Poller()
        let thread = Thread { [self] in run() }
        thread.name = "switchboard-event-loop"
        thread.start()
    }

    private func run() {
        var events: [ReadinessEvent] = []
        events.reserveCapacity(128)
        while true {
            events.removeAll(keepingCapacity: true)
            _ = poller.wait(into: &events)
            for event in events { dispatch(event) }
        }
    }

    private func dispatch(_ event: ReadinessEvent) {
        var resumed: [CheckedContinuation<Void, any Error>] = []
        registrations.withLock { table in
            // In place: one lookup, no copy of the registration.
            guard let index = table.index(forKey: event.fd) else { return }
            if event.ready.contains(.read), let reader = table.values[index].reader {
                resumed.append(reader)
                table.values[index].reader = nil
            }
            if event.ready.contains(.write), let writer = table.values[index].writer {
                resumed.append(writer)
                table.values[index].writer = nil
            }
            let remaining = table.values[index].armedInterest
            if !remaining.isEmpty { try? poller.arm(event.fd, for: remaining, isNew: false) }
        }
        for continuation in resumed { continuation.resume() }
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
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let failure: (any Error)? = registrations.withLock { table in
                    if Task.isCancelled { return CancellationError() }
                    guard isStillOpen() else { return NetworkError(.closed, operation: "wait") }
                    return add(continuation, for: interest, to: &table[fd, default: Registration()], fd: fd)
                }
                if let failure { continuation.resume(throwing: failure) }
            }
        } onCancel: {
            let cancelled: CheckedContinuation<Void, any Error>? = registrations.withLock { table in
                guard var registration = table[fd] else { return nil }
                let waiter: CheckedContinuation<Void, any Error>?
                if interest == .read {
                    waiter = registration.reader
                    registration.reader = nil
                } else {
                    waiter = registration.writer
                    registration.writer = nil
                }
                table[fd] = registration
                return waiter
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Forgets `fd` before it is closed, failing any task still waiting on it.
    /// Records `continuation` as the waiter for `interest` and arms the descriptor; the error to
    /// resume it with when that fails. Changes `registration` in place (the table's own entry).
    private func add(
        _ continuation: CheckedContinuation<Void, any Error>, for interest: Interest,
        to registration: inout Registration, fd: Int32
    ) -> (any Error)? {
        if interest == .read {
            if registration.reader != nil { return NetworkError(.systemCall, operation: "read", errorNumber: EBUSY) }
            registration.reader = continuation
        } else {
            if registration.writer != nil { return NetworkError(.systemCall, operation: "write", errorNumber: EBUSY) }
            registration.writer = continuation
        }
        do {
            try poller.arm(fd, for: registration.armedInterest, isNew: !registration.isAdded)
        } catch {
            if interest == .read { registration.reader = nil } else { registration.writer = nil }
            return error
        }
        registration.isAdded = true
        return nil
    }

    func deregister(_ fd: Int32) {
        let waiters: [CheckedContinuation<Void, any Error>] = registrations.withLock { table in
            guard let registration = table.removeValue(forKey: fd) else { return [] }
            if registration.isAdded { poller.remove(fd) }
            return [registration.reader, registration.writer].compactMap { $0 }
        }
        for waiter in waiters { waiter.resume(throwing: NetworkError(.closed, operation: "wait")) }
    }
}
