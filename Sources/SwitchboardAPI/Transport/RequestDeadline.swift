import SwitchboardNet

/// Runs `exchange` within `deadline`, cancelling it when the deadline passes first; the error
/// then names the transport's setting (`URLSessionTransport(requestDeadline:)`, …), for every
/// transport the same way.
func withRequestDeadline(
    _ deadline: Duration, setting: String, target: @autoclosure () -> String,
    _ exchange: @escaping @Sendable () async throws -> HTTPTransportResponse
) async throws -> HTTPTransportResponse {
    guard let response = try await withTimeLimit(deadline, exchange) else {
        throw requestDeadlineError(deadline, setting: setting, target: target())
    }
    return response
}

/// The error of a request that did not complete within `deadline`, naming the setting: one wording
/// for every transport, whichever way it keeps the deadline.
func requestDeadlineError(_ deadline: Duration, setting: String, target: String) -> APIError {
    APIError.networkError("The request to \(target) did not complete within \(deadline) (\(setting)).")
}
