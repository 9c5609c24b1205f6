import SwitchboardCore

/// The queries of one plugin that are being fetched, by what makes two of them the same request,
/// so that the ``DeduplicationStage`` can give a second caller the first one's result.
final class InFlightQueries: Sendable {
    /// What must be equal for two queries to share one request: the API and authorization, the
    /// document, variables and operation name, the request's own headers, and what the result
    /// decodes into and from where.
    struct Key: Hashable, Sendable {
        let apiName: String
        let authorization: AuthorizationType
        let document: String
        let variables: String
        let operationName: String?
        let headers: [String: String]
        let decodePath: String?
        let resultType: ObjectIdentifier
        let capturesData: Bool
    }

    /// One request, run by the caller that asked first, and the callers waiting for its outcome.
    private final class Shared: Sendable {
        private struct State {
            var outcome: Result<any Sendable, any Error>?
            var waiting: [Int: CheckedContinuation<any Sendable, any Error>] = [:]
            var nextWaiter = 0
        }

        let generation: Int
        private let state = Locked(State())

        init(generation: Int) { self.generation = generation }

        /// The callers waiting for this request's outcome (tests).
        var waiterCount: Int { state.withLock { $0.waiting.count } }

        /// The first caller's outcome; cancelling this caller ends its wait only.
        func outcome() async throws -> any Sendable {
            let waiter = state.withLock { state -> Int in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let outcome = state.withLock { state -> Result<any Sendable, any Error>? in
                        if state.outcome == nil { state.waiting[waiter] = continuation }
                        return state.outcome
                    }
                    if let outcome { continuation.resume(with: outcome) }
                }
            } onCancel: {
                state.withLock { $0.waiting.removeValue(forKey: waiter) }?.resume(throwing: CancellationError())
            }
        }

        /// Hands `outcome` to every waiting caller, and to those that come later.
        func finish(_ outcome: Result<any Sendable, any Error>) {
            let waiting = state.withLock { state in
                state.outcome = outcome
                defer { state.waiting.removeAll() }
                return Array(state.waiting.values)
            }
            for continuation in waiting { continuation.resume(with: outcome) }
        }
    }

    private struct Table {
        var shared: [Key: Shared] = [:]
        var generation = 0
    }

    private let table = Locked(Table())

    /// The number of distinct queries in flight (tests).
    var count: Int { table.withLock { $0.shared.count } }

    /// The callers waiting for another caller's request (tests).
    var waiterCount: Int {
        table.withLock { table in table.shared.values.map(\.waiterCount).reduce(0, +) }
    }

    /// `run`'s result, shared with every caller asking for `key` while it runs. The first caller
    /// runs it in its own task, so a query with no twin costs no extra task; when that caller is
    /// cancelled, a caller still waiting runs the query itself.
    func result<Result: Sendable>(for key: Key, _ run: () async throws -> Result) async throws -> Result {
        while true {
            let (shared, isFirst) = table.withLock { table -> (Shared, Bool) in
                if let shared = table.shared[key] { return (shared, false) }
                table.generation += 1
                let shared = Shared(generation: table.generation)
                table.shared[key] = shared
                return (shared, true)
            }
            if isFirst {
                let outcome: Swift.Result<any Sendable, any Error>
                do {
                    outcome = .success(try await run())
                } catch {
                    outcome = .failure(error)
                }
                // Finished requests leave at once: a query asked for afterwards is sent again.
                table.withLock { table in
                    if table.shared[key]?.generation == shared.generation { table.shared[key] = nil }
                }
                shared.finish(outcome)
                return try cast(outcome.get())
            }
            do {
                return try cast(try await shared.outcome())
            } catch is CancellationError where !Task.isCancelled {
                continue  // the first caller was cancelled, this one was not: run it again
            }
        }
    }

    private func cast<Result>(_ value: any Sendable) throws -> Result {
        guard let result = value as? Result else {
            throw APIError.operationError(
                "A deduplicated query's result has another type than the request's.", "Report this as a bug.")
        }
        return result
    }
}
