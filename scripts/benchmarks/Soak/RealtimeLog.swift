import SwitchboardAPI
import SwitchboardCore

/// Counts what the client logs about its real-time connections (reconnections, give-ups) and
/// keeps a few distinct messages of each level for the report.
final class RealtimeLog: LogHandler {
    struct Entry: Sendable {
        var count = 0
        var samples: [String] = []
    }

    let level = LogLevel.warning
    private let entries = Locked<[String: Entry]>([:])

    func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        let key = "\(level)"
        // Numbers (ports, milliseconds, attempts) vary; the rest tells messages apart.
        let shape = String(message.prefix(160).map { $0.isNumber ? "#" : $0 })
        entries.withLock { entries in
            entries[key, default: Entry()].count += 1
            if entries[key]!.samples.count < 4, !entries[key]!.samples.contains(shape) {
                entries[key]!.samples.append(shape)
            }
        }
    }

    /// Messages per level.
    var snapshot: [String: Entry] { entries.withLock { $0 } }
}
