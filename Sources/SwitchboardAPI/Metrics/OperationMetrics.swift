import SwitchboardCore

/// How long each stage of one finished operation took, reported to an ``OperationMetricsObserver``.
///
/// Durations are exclusive: a stage's time does not include the stages it called.
public struct OperationMetrics: Sendable {
    /// One stage's share of the operation.
    public struct Stage: Sendable, Hashable {
        /// The stage's name: `authorization`, `interceptors`, `signer`, `response-interceptors`,
        /// `transport`, `decoder`, `list-provider`, or an added stage's.
        public let name: String
        /// Time spent in the stage itself.
        public let duration: Duration
    }

    /// The API the operation went to.
    public let apiName: String
    /// Query, mutation or subscription.
    public let operationType: GraphQLOperationType
    /// The stages in the order a request passes them (outermost first), then the decoder and the
    /// list provider.
    public let stages: [Stage]
    /// From the start of the pipeline to the decoded result.
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

/// Collects inclusive stage durations during one operation; stages run one after another in the
/// operation's task, the lock only satisfies `Sendable` for the chain's closures.
final class StageTimer: Sendable {
    private let inclusive: Locked<[(name: String, duration: Duration)]> = Locked([])

    func record(_ name: String, inclusive duration: Duration) {
        inclusive.withLock { $0.append((name, duration)) }
    }

    /// Exclusive durations in chain order. The request chain records innermost first; each stage's
    /// own time is its inclusive time minus that of the stage it called.
    func requestStages() -> [OperationMetrics.Stage] {
        let recorded = inclusive.withLock { $0 }
        var stages: [OperationMetrics.Stage] = []
        var inner: Duration = .zero
        for entry in recorded {
            stages.append(OperationMetrics.Stage(name: entry.name, duration: entry.duration - inner))
            inner = entry.duration
        }
        return stages.reversed()
    }
}
