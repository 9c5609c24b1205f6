/// Runs async bodies one at a time, in arrival order — for tests that share process-wide state
/// (the `Switchboard` hub) but live in different suites that the runner executes in parallel.
public actor AsyncGate {
    /// The gate every test that configures or resets the `Switchboard` hub goes through.
    public static let hub = AsyncGate()

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an open gate.
    public init() {}

    /// Runs `body` once every body that entered earlier has finished.
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await body()
    }
}
