/// Runs `operation` on Swift's global concurrent executor rather than on the calling task's
/// event loop, for work long enough to keep the loop's other connections waiting (a long
/// document to validate, a long body to read). Where the platform has no task executors
/// (before macOS 15 and iOS 18) requests run on the cooperative pool already, and `operation`
/// runs where it is called.
func offTheLoops<Result: Sendable>(_ operation: () async -> Result) async -> Result {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        return await withTaskExecutorPreference(globalConcurrentExecutor, operation: operation)
    }
    return await operation()
}
