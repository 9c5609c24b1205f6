import Foundation
import SwitchboardCore

/// Sits between a subscription's connection and its stream when the subscription has a
/// ``SubscriptionResync``: after each reconnect it runs the resync query and delivers the items
/// changed since the last event seen, oldest first, before the events that arrive meanwhile
/// (held until then), and it delivers every change once, by item key and version.
///
/// The first connection has nothing to catch up on. A resync lists the changes since
/// ``SubscriptionResync/overlap`` before the newest version delivered: events do not arrive in
/// version order across items (a change stamped earlier may be published later, and a drop can
/// fall between them), and deduplication drops what the overlap lists again. It never reaches
/// back before the subscription began (one second before it, by the client's clock). When the
/// resync fails, the stream reports `SubscriptionConnectionState.connectedAfterGap` and goes on.
final class SubscriptionResyncer: Sendable {
    /// Items whose delivered version is remembered, for deduplication; past that the oldest are
    /// forgotten (a change that old is not sent again by a server that is not replaying).
    static let trackedItems = 10_000
    /// Events held while a resync runs; one more ends the resync, and the stream reports the gap.
    static let heldEvents = 10_000
    /// Pages of the resync query read at most (of the query's own `limit`) before it counts as failed.
    static let maximumPages = 100

    private struct State {
        /// The newest version delivered, or the subscription's start.
        var newest: String
        var delivered: [String: String] = [:]
        var isResyncing = false
        var resyncAgain = false
        var held: [[UInt8]] = []
        var overflowed = false
        var task: Task<Void, Never>?
    }

    private let resync: SubscriptionResync
    private let forward: @Sendable (SubscriptionSignal) -> Void
    private let runQuery: @Sendable (GraphQLRequest<JSONValue>) async throws -> JSONValue
    private let logger: SwitchboardLogger
    private let state: Locked<State>
    /// One second before the subscription began: no resync reaches back further.
    private let start: String

    init(
        resync: SubscriptionResync, logger: SwitchboardLogger,
        runQuery: @escaping @Sendable (GraphQLRequest<JSONValue>) async throws -> JSONValue,
        forward: @escaping @Sendable (SubscriptionSignal) -> Void
    ) {
        self.resync = resync
        self.forward = forward
        self.runQuery = runQuery
        self.logger = logger
        start = Self.timestamp(Date().addingTimeInterval(-1))
        state = Locked(State(newest: start))
    }

    /// Takes a signal from the connection.
    func deliver(_ signal: SubscriptionSignal) {
        switch signal {
        case .payload(let bytes):
            let held = state.withLock { state -> Bool in
                guard state.isResyncing else { return false }
                if state.held.count < Self.heldEvents { state.held.append(bytes) } else { state.overflowed = true }
                return true
            }
            if !held, isNew(bytes) { forward(signal) }
        case .state(.connectedAfterGap):
            let start = state.withLock { state -> Bool in
                guard !state.isResyncing else {
                    state.resyncAgain = true
                    return false
                }
                state.isResyncing = true
                return true
            }
            if start { begin() }
        case .failed, .completed:
            state.withLock { $0.task }?.cancel()
            forward(signal)
        case .state:
            forward(signal)
        }
    }

    private func begin() {
        let task = Task { await self.run() }
        state.withLock { $0.task = task }
    }

    /// Runs the resync (again while reconnects came during it), then releases the held events.
    private func run() async {
        while true {
            let since = resyncStart(newest: state.withLock { $0.newest })
            do {
                let items = try await changes(since: since)
                forward(.state(.connected))
                for item in items {
                    let bytes = Array(JSONValue.object(["data": .object([resync.eventField: item])]).jsonText.utf8)
                    if isNew(bytes) { forward(.payload(bytes)) }
                }
            } catch is CancellationError {
                return
            } catch {
                logger.log(.warning, "the subscription's resync failed; events may have been missed: \(error)", [:])
                forward(.state(.connectedAfterGap))
            }
            guard releaseHeld() else { continue }
            return
        }
    }

    /// Delivers the held events in order; `false` when another resync must run first.
    private func releaseHeld() -> Bool {
        while true {
            let (batch, again, overflowed) = state.withLock { state -> ([[UInt8]], Bool, Bool) in
                let batch = state.held
                state.held.removeAll()
                let overflowed = state.overflowed
                state.overflowed = false
                if batch.isEmpty {
                    if state.resyncAgain {
                        state.resyncAgain = false
                        return ([], true, overflowed)
                    }
                    state.isResyncing = false
                    state.task = nil
                }
                return (batch, false, overflowed)
            }
            if overflowed {
                logger.log(
                    .warning, "more than \(Self.heldEvents) events arrived during a resync; some were dropped", [:])
                forward(.state(.connectedAfterGap))
            }
            if again { return false }
            if batch.isEmpty { return true }
            for bytes in batch where isNew(bytes) { forward(.payload(bytes)) }
        }
    }

    /// The listed items changed since `since`, the resync's own filter applied, oldest first.
    private func changes(since: String) async throws -> [JSONValue] {
        var items: [(version: String, item: JSONValue)] = []
        var token: String?
        for _ in 0..<Self.maximumPages {
            var request = GraphQLRequest<JSONValue>(
                document: resync.document, variables: resync.variables(since, token), responseType: JSONValue.self,
                decodePath: resync.listField)
            request.options.deduplicates = false
            let page = try await runQuery(request)
            for item in page["items"]?.arrayValue ?? [] where item != .null {
                if let includes = resync.includes, !includes(item) { continue }
                items.append((item[resync.versionField]?.stringValue ?? "", item))
            }
            token = page["nextToken"]?.stringValue
            if token == nil {
                // Equal versions keep the query's order.
                return items.enumerated().sorted { ($0.element.version, $0.offset) < ($1.element.version, $1.offset) }
                    .map(\.element.item)
            }
        }
        throw APIError.operationError(
            "The resync query listed more than \(Self.maximumPages) pages of changes.",
            "Resync from a narrower filter, or query the changes yourself.")
    }

    /// Whether the event `bytes` carries a change not delivered yet; records it when so. An event
    /// without a key or version cannot be told apart and always counts as new.
    private func isNew(_ bytes: [UInt8]) -> Bool {
        guard let event = try? JSONValue(parsing: Data(bytes)), let item = event["data"]?[resync.eventField],
            let version = item[resync.versionField]?.stringValue
        else { return true }
        let keyParts = resync.keyFields.map { item[$0]?.jsonText ?? "null" }
        let key = keyParts.joined(separator: "|")
        return state.withLock { state in
            if let seen = state.delivered[key], seen >= version { return false }
            state.delivered[key] = version
            if version > state.newest { state.newest = version }
            if state.delivered.count > Self.trackedItems {
                // Forget the older half.
                let cut = state.delivered.values.sorted()[state.delivered.count / 2]
                state.delivered = state.delivered.filter { $0.value >= cut }
            }
            return true
        }
    }

    /// The version a resync lists changes from: the overlap before `newest`, not before the start.
    private func resyncStart(newest: String) -> String {
        guard let date = Self.date(newest) else { return newest }
        let back = Self.timestamp(date.addingTimeInterval(-Self.seconds(resync.overlap)))
        return max(back, start)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// An `AWSDateTime` as a date; `nil` when it is not one.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// `date` as AppSync writes an `AWSDateTime`: UTC, milliseconds, `Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
