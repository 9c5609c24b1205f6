import Foundation
import SwitchboardCore
import Testing

@testable import SwitchboardAPI

/// The resync's bookkeeping, with the query answered in-process: where it resumes from, and what
/// it delivers again.
@Suite struct SubscriptionResyncerTests {
    static func event(_ id: String, _ version: String) -> [UInt8] {
        Array(#"{"data":{"onCreateItem":{"id":"\#(id)","createdAt":"\#(version)"}}}"#.utf8)
    }

    @Test func aChangeStampedBeforeTheLastDeliveredOneIsStillCaughtUp() async throws {
        // B was delivered; A, stamped a second earlier, was still in flight when the connection
        // dropped. (Versions a minute ahead, so that the subscription's start does not bound them.)
        let now = Date()
        let a = SubscriptionResyncer.timestamp(now.addingTimeInterval(59))
        let b = SubscriptionResyncer.timestamp(now.addingTimeInterval(60))
        let expectedSince = SubscriptionResyncer.timestamp(now.addingTimeInterval(50))
        let asked = Locked<[String]>([])
        let delivered = Locked<[SubscriptionSignal]>([])
        let resync = SubscriptionResync(
            document: "query Q($since: String) { listItems { items { id createdAt } nextToken } }",
            variables: { since, _ in ["since": .string(since)] }, listField: "listItems", eventField: "onCreateItem",
            keyFields: ["id"], versionField: "createdAt")
        let resyncer = SubscriptionResyncer(
            resync: resync, logger: SwitchboardLogger(handler: nil, source: "test"),
            runQuery: { request in
                asked.withLock { $0.append(request.variables?["since"]?.stringValue ?? "") }
                return [
                    "items": [
                        ["id": "A", "createdAt": .string(a)], ["id": "B", "createdAt": .string(b)],
                    ]
                ]
            },
            forward: { signal in delivered.withLock { $0.append(signal) } })
        resyncer.deliver(.state(.connected))
        resyncer.deliver(.payload(Self.event("B", b)))
        resyncer.deliver(.state(.connecting))
        resyncer.deliver(.state(.connectedAfterGap))
        for _ in 0..<2000 where delivered.withLock({ $0.count }) < 5 { try await Task.sleep(for: .milliseconds(5)) }

        // Resumed 10 s (the overlap) before B, not at B, so A is listed; B is not delivered twice.
        #expect(asked.withLock { $0 } == [expectedSince])
        let payloads = delivered.withLock { $0 }.compactMap { signal -> String? in
            guard case .payload(let bytes) = signal else { return nil }
            return (try? JSONValue(parsing: Data(bytes)))?["data"]?["onCreateItem"]?["id"]?.stringValue
        }
        #expect(payloads == ["B", "A"])
    }
}
