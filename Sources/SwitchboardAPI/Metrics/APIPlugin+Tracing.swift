extension APIPlugin {
    /// Runs one query, mutation or REST request through `body` and, when a metrics observer or a
    /// log handler is set, traces it: its ``OperationMetrics`` and one log line (`summary → api:
    /// outcome, duration`, or the failure). `body` gets the trace (`nil` when nothing listens) and
    /// may name the API once it knows it; `outcome` describes a success for the log.
    nonisolated func traced<T>(
        _ operationType: GraphQLOperationType, summary: @autoclosure () -> String, apiName: String,
        outcome: (T, OperationTrace) -> String, _ body: (OperationTrace?, inout String) async throws -> T
    ) async throws -> T {
        var apiName = apiName
        guard metricsObserver != nil || logHandler != nil else { return try await body(nil, &apiName) }
        let clock = ContinuousClock()
        let start = clock.now
        let trace = OperationTrace(recordsTimings: metricsObserver != nil)
        let logger = SwitchboardLogger(handler: logHandler, source: "pipeline")
        let summary = summary()
        var succeeded = false
        defer {
            metricsObserver?.operationFinished(
                OperationMetrics(
                    apiName: apiName, operationType: operationType, stages: trace.stages(),
                    total: clock.now - start, succeeded: succeeded))
        }
        do {
            let value = try await body(trace, &apiName)
            succeeded = true
            logger.log(
                .debug, "\(summary) → \(apiName): \(outcome(value, trace)), \(clock.now - start)", ["api": apiName])
            return value
        } catch {
            let cancelled = error is CancellationError
            logger.log(
                cancelled ? .debug : .error,
                "\(summary) → \(apiName): " + (cancelled ? "cancelled" : Self.summary(of: error)), ["api": apiName])
            throw error
        }
    }
}
