/// Runs `exchange` within `deadline`, cancelling it when the deadline passes first; the error
/// then names the transport's setting (`URLSessionTransport.requestDeadline`, …), for every
/// transport the same way.
func withRequestDeadline(
    _ deadline: Duration, setting: String, target: String,
    _ exchange: @escaping @Sendable () async throws -> HTTPTransportResponse
) async throws -> HTTPTransportResponse {
    try await withThrowingTaskGroup(of: HTTPTransportResponse?.self) { group in
        group.addTask { try await exchange() }
        group.addTask {
            try await Task.sleep(for: deadline)
            return nil
        }
        defer { group.cancelAll() }
        guard let response = try await group.next() ?? nil else {
            throw APIError.networkError("The request to \(target) did not complete within \(deadline) (\(setting)).")
        }
        return response
    }
}
