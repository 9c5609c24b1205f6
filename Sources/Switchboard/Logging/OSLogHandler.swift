#if canImport(os)
    import os

    /// Sends Switchboard's log messages to the unified logging system (Console.app, `log stream`),
    /// subsystem `com.switchboard` unless given, one category per source (`pipeline`, `realtime`).
    public struct OSLogHandler: LogHandler {
        /// The least important level sent.
        public let level: LogLevel
        private let subsystem: String

        /// Creates a handler for `level` and above under `subsystem`.
        public init(level: LogLevel = .info, subsystem: String = "com.switchboard") {
            self.level = level
            self.subsystem = subsystem
        }

        /// Logs the message (and its metadata) with the matching `OSLogType`.
        public func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
            var text = message
            for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { text += " \(key)=\(value)" }
            let logger = Logger(subsystem: subsystem, category: source)
            switch level {
            case .trace, .debug: logger.debug("\(text, privacy: .public)")
            case .info: logger.info("\(text, privacy: .public)")
            case .notice: logger.notice("\(text, privacy: .public)")
            case .warning: logger.warning("\(text, privacy: .public)")
            case .error: logger.error("\(text, privacy: .public)")
            }
        }
    }
#endif
