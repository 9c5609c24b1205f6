import SwitchboardNet

/// Runs `body` on the shared event loop's thread, as the server's connections run.
///
/// Tests that hold a server to its deadlines use it for their clients: on the cooperative pool,
/// which the parallel suite keeps busy, a client can be held back for seconds between connecting
/// and sending, past deadlines that the server (on the loop) keeps on time.
func onEventLoop<T>(_ body: () async throws -> T) async throws -> T {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
        return try await withTaskExecutorPreference(try EventLoop.shared) { try await body() }
    }
    return try await body()
}
