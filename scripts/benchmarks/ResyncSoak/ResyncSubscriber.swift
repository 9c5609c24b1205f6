import Foundation
import SwitchboardAPI
import SwitchboardCore

/// An item as the soak's subscriptions deliver it.
struct Item: Decodable, Sendable {
    let id: String
    let source: Int
    let seq: Int
}

/// One subscription with a resync, checking as events arrive that each source's items come in
/// order, without a gap and without a repeat.
final class ResyncSubscriber: Sendable {
    struct Account: Sendable {
        var lastSeq: [Int]
        var received = 0
        var outOfOrder = 0
        var duplicated = 0
        var gaps = 0
        var gapStates = 0
        var reconnects = 0
        var ended: String?
        var firstViolation: String?
    }

    let account: Locked<Account>
    private let task: Locked<Task<Void, Never>?> = Locked(nil)

    init(sources: Int) { account = Locked(Account(lastSeq: Array(repeating: 0, count: sources))) }

    /// The subscription `onCreateItem` with a resync listing the items created since.
    static func request() -> GraphQLRequest<Item> {
        var request = GraphQLRequest(
            document: "subscription OnCreateItem { onCreateItem { id source seq createdAt } }", responseType: Item.self,
            decodePath: "onCreateItem")
        request.options.resync = SubscriptionResync(
            document: """
                query ItemsSince($filter: ModelItemFilterInput, $nextToken: String) {
                  listItems(filter: $filter, limit: 500, nextToken: $nextToken) { items { id source seq createdAt } nextToken }
                }
                """,
            variables: { since, nextToken in
                var variables: [String: JSONValue] = ["filter": ["createdAt": ["ge": .string(since)]]]
                if let nextToken { variables["nextToken"] = .string(nextToken) }
                return variables
            },
            listField: "listItems", eventField: "onCreateItem", keyFields: ["id"], versionField: "createdAt")
        return request
    }

    /// Starts consuming; resolves `connected` at the first `.connected`.
    func start(_ plugin: APIPlugin, connected: @escaping @Sendable () -> Void) {
        let stream = plugin.subscribe(request: Self.request())
        let account = self.account
        let consumer = Task {
            var first = true
            do {
                for try await event in stream {
                    switch event {
                    case .connection(.connected):
                        if first { connected() } else { account.withLock { $0.reconnects += 1 } }
                        first = false
                    case .connection(.connectedAfterGap):
                        account.withLock { $0.gapStates += 1 }
                    case .connection:
                        break
                    case .data(.success(let item)):
                        account.withLock { Self.record(item, in: &$0) }
                    case .data(.failure(let error)):
                        account.withLock { $0.firstViolation = $0.firstViolation ?? "event failed: \(error)" }
                    }
                }
                account.withLock { $0.ended = "the stream ended" }
            } catch {
                account.withLock { $0.ended = "the stream failed: \(error)" }
            }
        }
        task.withLock { $0 = consumer }
    }

    private static func record(_ item: Item, in account: inout Account) {
        account.received += 1
        guard account.lastSeq.indices.contains(item.source) else { return }
        let last = account.lastSeq[item.source]
        if item.seq == last + 1 {
            account.lastSeq[item.source] = item.seq
            return
        }
        if item.seq <= last {
            account.duplicated += 1
            account.firstViolation = account.firstViolation ?? "source \(item.source): \(item.seq) again after \(last)"
        } else {
            account.gaps += 1
            account.firstViolation =
                account.firstViolation
                ?? "source \(item.source): \(item.seq) after \(last) (\(item.seq - last - 1) missing)"
            account.lastSeq[item.source] = item.seq
        }
    }

    func stop() { task.withLock { $0?.cancel() } }
}
