/// Runs `operation` in a child task and returns its result, or `nil` when `limit` passes first,
/// in which case the operation is cancelled. The one deadline race of the package: writes,
/// WebSocket handshakes, client connects and whole HTTP requests are each bounded by it, and name
/// their own setting in the error they throw on `nil`.
package func withTimeLimit<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T? {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}
