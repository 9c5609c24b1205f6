import SwitchboardCore

/// How long each stage of one finished operation took, reported to an ``OperationMetricsObserver``.
///
/// Durations are exclusive: a stage's time does not include the stages it called.
public struct OperationMetrics: Sendable {
    /// One stage's share of the operation.
    public struct Stage: Sendable, Hashable {
        /// The stage's name: `cache`, `deduplication`, `list-provider`, `decoder`, `status-check`, `authorization`,
        /// `interceptors`, `signer`, `response-interceptors`, `transport`, or an added stage's.
        public let name: String
        /// Time spent in the stage itself.
        public let duration: Duration
    }

    /// The API the operation went to.
    public let apiName: String
    /// Query, mutation or subscription.
    public let operationType: GraphQLOperationType
    /// The stages in the order the operation entered them, outermost first: the GraphQL-level
    /// stages, then the HTTP-level ones down to the transport.
    public let stages: [Stage]
    /// From the start of the chain to the decoded result.
    public let total: Duration
    /// Whether the operation produced a result (`false` when it threw).
    public let succeeded: Bool

    /// The duration of the named stage, if it ran.
    public func duration(of stage: String) -> Duration? {
        stages.first { $0.name == stage }?.duration
    }
}

/// Receives the ``OperationMetrics`` of every finished operation of an `APIPlugin`.
public protocol OperationMetricsObserver: Sendable {
    /// Called once per operation, after it finished or failed.
    func operationFinished(_ metrics: OperationMetrics)
}

/// What one operation's run leaves for its log line and its metrics: each stage's inclusive
/// duration (when metrics are observed) and the status of the last HTTP response. Stages run one
/// after another in the operation's task; the lock only satisfies `Sendable` for the chain.
final class OperationTrace: Sendable {
    private struct State {
        var inclusive: [(name: String, duration: Duration)] = []
        var httpStatus: Int?
    }

    private let state = Locked(State())
    /// Whether stage durations are recorded (only an observer reads them).
    let recordsTimings: Bool

    init(recordsTimings: Bool) { self.recordsTimings = recordsTimings }

    func record(_ name: String, inclusive duration: Duration) {
        guard recordsTimings else { return }
        state.withLock { $0.inclusive.append((name, duration)) }
    }

    /// The status of the last HTTP response the operation received.
    var httpStatus: Int? {
        get { state.withLock { $0.httpStatus } }
        set { state.withLock { $0.httpStatus = newValue } }
    }

    /// Exclusive durations in chain order. The chain records innermost first; each stage's own time
    /// is its inclusive time minus that of the stage it called.
    func stages() -> [OperationMetrics.Stage] {
        let recorded = state.withLock { $0.inclusive }
        var stages: [OperationMetrics.Stage] = []
        var inner: Duration = .zero
        for entry in recorded {
            stages.append(OperationMetrics.Stage(name: entry.name, duration: entry.duration - inner))
            inner = entry.duration
        }
        return stages.reversed()
    }
}
