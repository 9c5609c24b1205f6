import Foundation
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a ``URLSessionTransport``'s own session: collects each task's body as it
/// arrives and cancels a task as soon as its body passes the size limit, so an endless or huge
/// response costs at most the limit in memory (`URLSession.data(for:)` buffers everything first).
/// A per-task delegate would do, but swift-corelibs-foundation never calls one.
final class URLSessionResponseCollector: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<HTTPTransportResponse, any Error>
        var response: HTTPURLResponse?
        var body = Data()
        var exceededLimit = false
    }

    /// The largest body collected; a larger one fails with ``URLSessionTransport/bodyTooLarge(_:limit:)``.
    let maximumBodySize: Int
    /// Tasks in flight by `taskIdentifier` (unique within a session).
    private let inFlight = Locked<[Int: Pending]>([:])

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// Sends `request` through `session` (whose delegate this is) and returns the response once
    /// it completes; cancelling the calling Swift task cancels it.
    func response(to request: URLRequest, in session: URLSession) async throws -> HTTPTransportResponse {
        try await PendingDataTask.run { pending, continuation in
            let task = session.dataTask(with: request)
            self.inFlight.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
            pending.start(task)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let declaredTooLarge = response.expectedContentLength > Int64(maximumBodySize)
        inFlight.withLock { tasks in
            tasks[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            if declaredTooLarge { tasks[dataTask.taskIdentifier]?.exceededLimit = true }
        }
        completionHandler(.allow)
        // `.cancel` would do, but swift-corelibs-foundation then completes the task only when the
        // server closes the connection.
        if declaredTooLarge { PendingDataTask.cancelElsewhere(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded = inFlight.withLock { tasks -> Bool in
            guard var entry = tasks[dataTask.taskIdentifier], !entry.exceededLimit else { return false }
            if entry.body.count + data.count > maximumBodySize {
                entry.exceededLimit = true
                entry.body = Data()
            } else {
                entry.body.append(data)
            }
            tasks[dataTask.taskIdentifier] = entry
            return entry.exceededLimit
        }
        if exceeded { PendingDataTask.cancelElsewhere(dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = inFlight.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let url = task.originalRequest?.url
        if entry.exceededLimit {
            entry.continuation.resume(throwing: URLSessionTransport.bodyTooLarge(url, limit: maximumBodySize))
        } else if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = entry.response {
            entry.continuation.resume(returning: URLSessionTransport.transportResponse(response, body: entry.body))
        } else {
            entry.continuation.resume(throwing: URLSessionTransport.notHTTP(url))
        }
    }
}
