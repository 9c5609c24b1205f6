/// How important a log message is, from the most detailed to the most severe.
public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Step-by-step detail, for following one operation through the pipeline.
    case trace
    /// What each operation did: its API, name, status and duration.
    case debug
    /// Noteworthy events: a real-time connection opened or closed.
    case info
    /// Something unusual that was handled: a reconnection, a retry.
    case notice
    /// Something that will fail if it continues: a subscription retried after a failure.
    case warning
    /// An operation or a subscription failed.
    case error

    /// Orders levels from ``trace`` to ``error``.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name, e.g. `warning`.
    public var description: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
