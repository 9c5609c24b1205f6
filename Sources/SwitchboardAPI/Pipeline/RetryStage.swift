import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When and how often a failed request is sent again.
///
/// The defaults retry network failures, `429`, `500`, `502`, `503` and `504` and AppSync's
/// throttling errors, three attempts in all, with full-jitter exponential back-off from 100 ms up to
/// 5 s (a `Retry-After` in seconds is honoured up to that cap). Mutations are not retried unless
/// ``retriesMutations`` is set: a mutation whose response was lost may have been applied.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 never retries).
    public var maximumAttempts: Int
    /// The first back-off step; the delay before attempt *n* is drawn from `0...base × 2^(n-1)`.
    public var baseDelay: Duration
    /// The largest delay.
    public var maximumDelay: Duration
    /// The HTTP statuses that are retried.
    public var retryableStatuses: Set<Int>
    /// Whether mutations are retried too (only when they are idempotent on your server).
    public var retriesMutations: Bool

    /// Creates a policy.
    public init(
        maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(100), maximumDelay: Duration = .seconds(5),
        retryableStatuses: Set<Int> = [429, 500, 502, 503, 504], retriesMutations: Bool = false
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maximumDelay = max(.zero, maximumDelay)
        self.retryableStatuses = retryableStatuses
        self.retriesMutations = retriesMutations
    }

    /// The full-jitter delay before attempt `attempt` (2 for the first retry), or the server's
    /// `Retry-After` when it gave one, capped by ``maximumDelay``.
    func delay(beforeAttempt attempt: Int, retryAfter: String?) -> Duration {
        if let retryAfter, let seconds = Double(retryAfter.trimmingCharacters(in: .whitespaces)), seconds >= 0 {
            return min(.milliseconds(Int64(seconds * 1000)), maximumDelay)
        }
        return FullJitterBackoff(base: baseDelay, cap: maximumDelay).delay(exponent: attempt - 2)
    }

    /// Whether `response` asks to be retried: a retryable status, or a GraphQL answer whose every
    /// error is AppSync throttling.
    func isRetryable(_ response: HTTPTransportResponse) -> Bool {
        if retryableStatuses.contains(response.statusCode) { return true }
        guard response.statusCode == 200, response.body.count < 64 << 10,
            let text = String(data: response.body, encoding: .utf8), text.contains("\"errorType\""),
            let errors = (try? JSONValue(parsing: response.body))?["errors"]?.arrayValue, !errors.isEmpty
        else { return false }
        return errors.allSatisfy { error in
            let type = error["errorType"]?.stringValue ?? ""
            return type.hasPrefix("Throttl") || type == "TooManyRequestsException"
        }
    }
}

/// Retries failed requests by a ``RetryPolicy``. Add it before the authorization stage, so that
/// each attempt gets a current token and a fresh signature:
///
/// ```swift
/// try plugin.add(stage: RetryStage(), for: "todo", placement: .before(.authorization))
/// ```
public struct RetryStage: OperationStage {
    /// `retry`.
    public let name: StageName = "retry"
    /// When to retry.
    package let policy: RetryPolicy

    /// Creates the stage.
    public init(policy: RetryPolicy = RetryPolicy()) { self.policy = policy }

    /// Sends the request, and again after a back-off while the policy says so.
    public func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        let attempts = context.operationType == .mutation && !policy.retriesMutations ? 1 : policy.maximumAttempts
        var attempt = 1
        while true {
            let response: HTTPTransportResponse
            do {
                response = try await next(request, context)
            } catch let error as APIError {
                guard case .networkError = error, attempt < attempts else { throw error }
                attempt += 1
                try await Task.sleep(for: policy.delay(beforeAttempt: attempt, retryAfter: nil))
                continue
            }
            guard attempt < attempts, policy.isRetryable(response) else { return response }
            attempt += 1
            try await Task.sleep(for: policy.delay(beforeAttempt: attempt, retryAfter: response.headers["retry-after"]))
        }
    }
}
