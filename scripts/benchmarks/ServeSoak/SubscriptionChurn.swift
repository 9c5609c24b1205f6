import SwitchboardAPI
import SwitchboardCore

/// Subscribers that come and go: a handful of `onCreateTicket` subscriptions at a time, each
/// waiting for its acknowledgement and an event, then all ended, which closes the real-time
/// connection, and again. The server must acknowledge each, deliver every event whole, and
/// let go of each connection and registration when it ends.
struct SubscriptionChurn: Sendable {
    let plugin: APIPlugin
    let ledger: SoakLedger
    /// Subscriptions open at once.
    let width: Int

    /// Runs until `end`.
    func run(until end: ContinuousClock.Instant) async {
        while ContinuousClock.now + .seconds(3) < end {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<width { group.addTask { await subscribeOnce() } }
            }
        }
    }

    /// One subscription: acknowledged, then at least one event, within 10 s each.
    private func subscribeOnce() async {
        ledger.count("subscription")
        let request = GraphQLRequest(
            document: "subscription S { onCreateTicket { id title priority } }", responseType: Ticket.self,
            decodePath: "onCreateTicket")
        let outcome = Locked<String?>(nil)
        let consumer = Task {
            var connected = false
            do {
                for try await event in plugin.subscribe(request: request) {
                    switch event {
                    case .connection(.connected): connected = true
                    case .connection: break
                    case .data(.success):
                        ledger.count("event")
                        outcome.withLock { $0 = $0 ?? (connected ? "ok" : "an event before the acknowledgement") }
                        return
                    case .data(.failure(let error)):
                        outcome.withLock { $0 = $0 ?? "an event failed: \(error)" }
                        return
                    }
                }
                outcome.withLock { $0 = $0 ?? "the subscription ended by itself" }
            } catch {
                outcome.withLock { $0 = $0 ?? "the subscription failed: \(error)" }
            }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while outcome.withLock({ $0 }) == nil && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        consumer.cancel()
        switch outcome.withLock({ $0 }) {
        case "ok": break
        case let failure?: ledger.fail("subscription: \(failure)")
        case nil: ledger.fail("subscription: no event within 10 s while tickets were being created")
        }
    }
}
