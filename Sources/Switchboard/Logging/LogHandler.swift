import Foundation

/// Where Switchboard's log messages go. Messages and metadata never hold API keys, tokens, secret
/// keys, signatures, request or response bodies, or URL queries (AppSync's real-time query
/// carries the authorization).
///
/// ```swift
/// let plugin = try APIPlugin(logHandler: StandardErrorLogHandler(level: .debug))
/// ```
///
/// Bridge to swift-log or OSLog by conforming your own type; the default is no handler, which
/// writes nothing.
public protocol LogHandler: Sendable {
    /// The least important level this handler wants; messages below it are never built.
    var level: LogLevel { get }
    /// Records one message. `source` names the part of Switchboard that logged it
    /// (`pipeline`, `realtime`).
    func log(level: LogLevel, message: String, metadata: [String: String], source: String)
}

/// Writes one line per message to standard error: `2026-11-27T09:30:00Z warning realtime: … key=value`.
public struct StandardErrorLogHandler: LogHandler {
    /// The least important level written.
    public let level: LogLevel

    /// Creates a handler that writes `level` and above.
    public init(level: LogLevel = .info) { self.level = level }

    /// Writes the message as one line.
    public func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        var line = "\(Self.timestamp()) \(level) \(source): \(message)"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func timestamp() -> String { Temporal.DateTime(Date()).iso8601String }
}

/// What Switchboard's modules log through: a handler, or nothing, with messages built only when
/// the handler wants their level.
package struct SwitchboardLogger: Sendable {
    /// The handler, or `nil` to log nothing.
    package let handler: (any LogHandler)?
    /// The part of Switchboard logging (`pipeline`, `realtime`).
    package let source: String

    /// A logger for `source` writing to `handler`.
    package init(handler: (any LogHandler)?, source: String) {
        self.handler = handler
        self.source = source
    }

    /// Logs `message` when the handler wants `level`.
    package func log(
        _ level: LogLevel, _ message: @autoclosure () -> String, _ metadata: @autoclosure () -> [String: String] = [:]
    ) {
        guard let handler, level >= handler.level else { return }
        handler.log(level: level, message: message(), metadata: metadata(), source: source)
    }

    /// A URL without its query, fragment or user information, for messages.
    package static func describe(_ url: URL?) -> String {
        guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "the endpoint"
        }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url?.absoluteString ?? "the endpoint"
    }
}
