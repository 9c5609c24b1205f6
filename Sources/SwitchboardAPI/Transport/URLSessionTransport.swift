import Foundation
import SwitchboardLocking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession`, with enough connections per host for concurrent operations
/// to overlap instead of queueing behind the platform default of a handful.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Uses `session`.
    public init(session: URLSession) {
        self.session = session
    }

    /// Uses a new ephemeral session allowing `maximumConnectionsPerHost` parallel connections.
    public init(maximumConnectionsPerHost: Int = 128, timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
    }

    /// Sends the request; cancellation of the calling task cancels the HTTP request.
    ///
    /// Not `session.data(for:)`: on Linux its cancellation handler cancels the `URLSessionTask`
    /// synchronously on the session's queue while holding the Swift task's status lock, and the
    /// session's queue, completing the request at that moment, waits for the same lock to resume
    /// the caller: a deadlock that stops the process (cancelling a query just as its answer arrives
    /// was enough). Here the data task is cancelled from another queue, holding no lock.
    public func send(_ request: URLRequest) async throws -> HTTPTransportResponse {
        let pending = PendingDataTask()
        let (body, response) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                pending.start(task)
            }
        } onCancel: {
            pending.cancel()
        }
        guard let http = response as? HTTPURLResponse else {
            throw APIError.networkError("The response to \(request.url?.absoluteString ?? "the request") is not HTTP.")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPTransportResponse(statusCode: http.statusCode, headers: headers, body: body)
    }
}

/// A data task and whether its caller was cancelled, whichever happens first.
private final class PendingDataTask: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    /// Resumes `task`, or cancels it if the caller was already cancelled.
    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        task.resume()
        if cancelled { Self.cancelElsewhere(task) }
    }

    /// Cancels the task, if started; called from the task's cancellation handler.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        if let task { Self.cancelElsewhere(task) }
    }

    /// `URLSessionTask.cancel()` waits for the session's queue; never under the caller's locks.
    private static func cancelElsewhere(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
