import Foundation
import SwitchboardAPI

/// One subscription of the demo: waits for the connection, then hands out results one by one,
/// and gives up after a deadline instead of hanging when an event never arrives.
struct DemoSubscription<Value: Decodable & Sendable> {
    private let sequence: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Value>>
    private var iterator: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Value>>.AsyncIterator
    private let watchdog: Task<Void, Never>

    /// Wraps `sequence`; after `deadline` it is cancelled, which ends every wait with an error.
    init(
        _ sequence: SwitchboardAsyncThrowingSequence<GraphQLSubscriptionEvent<Value>>, deadline: Duration = .seconds(30)
    ) {
        self.sequence = sequence
        self.iterator = sequence.makeAsyncIterator()
        self.watchdog = Task { [sequence] in
            try? await Task.sleep(for: deadline)
            sequence.cancel()
        }
    }

    /// The connection states up to `connected`.
    mutating func connected() async throws -> [String] {
        var states: [String] = []
        while let event = try await iterator.next() {
            guard case .connection(let state) = event else { continue }
            states.append(state.rawValue)
            if state == .connected { return states }
        }
        throw DemoFailure("the subscription ended before it connected")
    }

    /// The next result.
    mutating func next() async throws -> Value {
        while let event = try await iterator.next() {
            if case .data(let result) = event { return try result.get() }
        }
        throw DemoFailure("the subscription ended (or timed out) before an event arrived")
    }

    /// Stops the subscription.
    func cancel() {
        watchdog.cancel()
        sequence.cancel()
    }
}
