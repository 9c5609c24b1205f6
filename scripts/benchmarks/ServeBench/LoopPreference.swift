import SwitchboardNet

/// Runs `body` on `loop`'s thread where the platform has task executors (Linux; macOS 15,
/// iOS 18), elsewhere on the cooperative pool.
func onLoop<T: Sendable>(_ loop: EventLoop, _ body: () async throws -> T) async throws -> T {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        return try await withTaskExecutorPreference(loop) { try await body() }
    }
    return try await body()
}

extension ThrowingTaskGroup where Failure == any Error {
    /// Adds a child task that runs on `loop`'s thread where the platform has task executors.
    mutating func addTask(
        onLoop loop: EventLoop, _ operation: sending @escaping @isolated(any) () async throws -> ChildTaskResult
    ) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            addTask(executorPreference: loop, operation: operation)
        } else {
            addTask(operation: operation)
        }
    }
}
