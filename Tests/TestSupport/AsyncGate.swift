import Foundation

/// Runs async bodies at most `width` at a time, in arrival order — for tests that share
/// process-wide state (the `Switchboard` hub) but live in different suites that the runner
/// executes in parallel, and for child processes, which must not all start at once.
public actor AsyncGate {
    /// The gate every test that configures or resets the `Switchboard` hub goes through.
    public static let hub = AsyncGate()

    /// The gate ``CommandRunner/run(_:_:environment:standardInput:)`` goes through: the
    /// runner starts every test at once, and dozens of children (`switchboard`, `swiftc`) starting
    /// together starved the test process of CPU for half a minute on two cores, so that its own
    /// loopback tests timed out. One child per core keeps the machine busy without that.
    public static let childProcesses = AsyncGate(width: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private let width: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an open gate that lets `width` bodies run at once (one by default).
    public init(width: Int = 1) {
        self.width = max(1, width)
    }

    /// Runs `body` once fewer than `width` bodies that entered earlier are still running.
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if running < width {
            running += 1
        } else {
            // A finishing body hands its place over to the first waiter (see `defer`).
            await withCheckedContinuation { waiters.append($0) }
        }
        defer {
            if waiters.isEmpty { running -= 1 } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
