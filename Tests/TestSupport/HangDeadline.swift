import Foundation

/// Runs `body` on its own task and returns its result, or `nil` when `deadline` passes first (the
/// body then runs on, unobserved). For tests that must detect a hang or a runaway computation
/// without asserting how long the work takes: make the deadline generous.
public func resultUnlessHung<T: Sendable>(
    deadline: Duration = .seconds(60), _ body: @escaping @Sendable () async throws -> T
) async throws -> T? {
    let race = HangRace<T>()
    return try await withCheckedThrowingContinuation { continuation in
        race.attach(continuation)
        Task.detached {
            do {
                race.finish(.success(try await body()))
            } catch {
                race.finish(.failure(error))
            }
        }
        Task.detached {
            try? await Task.sleep(for: deadline)
            race.finish(.success(nil))
        }
    }
}

/// Runs the synchronous, CPU-bound `body` on a thread of its own (never on the cooperative pool,
/// which a runaway computation would starve, timer included) and returns its result, or `nil` when
/// `deadline` passes first (the thread then runs on, unobserved).
public func resultUnlessHung<T: Sendable>(
    deadline: Duration = .seconds(60), onThread body: @escaping @Sendable () throws -> T
) async throws -> T? {
    let race = HangRace<T>()
    return try await withCheckedThrowingContinuation { continuation in
        race.attach(continuation)
        let thread = Thread {
            do {
                race.finish(.success(try body()))
            } catch {
                race.finish(.failure(error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        Task.detached {
            try? await Task.sleep(for: deadline)
            race.finish(.success(nil))
        }
    }
}

/// The continuation both racers try to resume; the first one wins.
private final class HangRace<T: Sendable>: @unchecked Sendable {
    // `lock` protects `continuation`, which is taken exactly once.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T?, any Error>?

    func attach(_ continuation: CheckedContinuation<T?, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func finish(_ result: Result<T?, any Error>) {
        let taken = lock.withLock { () -> CheckedContinuation<T?, any Error>? in
            defer { continuation = nil }
            return continuation
        }
        taken?.resume(with: result)
    }
}

/// Runs the synchronous, CPU-bound `body` on a thread of its own and returns its result. Swift
/// Testing runs every test on the cooperative pool, which has one thread per core: a test that
/// computes for seconds there holds back every other test's tasks (and their timeouts keep
/// running), while a thread only takes its share of the CPU.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
