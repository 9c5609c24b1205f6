import Foundation

/// The results of one operation, as a GraphQL-level stage returns them: one for a query or a
/// mutation, two for a cache-and-network read, one per event for a subscription and per change for
/// a watcher. Iterate it, or ``map(_:)`` it to pass changed results on.
///
/// Results are produced as they are asked for: a subscription's payloads are decoded, and a map's
/// transform runs, in the task that iterates the stream. Iterate a stream once.
public struct GraphQLResponseStream<R: Sendable>: AsyncSequence, Sendable {
    /// What flows through the chain: results, and for subscriptions the connection's states, which
    /// pass every stage untouched so that they reach the subscriber in order with the events.
    enum Event: Sendable {
        case result(GraphQLResult<R>)
        case connection(SubscriptionConnectionState)
    }

    /// Takes the next event; called by one consumer at a time.
    typealias EventSource = @Sendable () async throws -> Event?

    private enum Source: Sendable {
        case single(GraphQLResult<R>)
        case events(@Sendable () -> EventSource)
    }

    private let source: Source
    /// Stops what produces the events (a subscription, a watcher), letting what was already
    /// produced be taken first.
    private let stop: (@Sendable () -> Void)?

    /// A stream of one result.
    public init(_ result: GraphQLResult<R>) {
        source = .single(result)
        stop = nil
    }

    /// A stream of the results of `results`.
    public init<Results: AsyncSequence & Sendable>(_ results: Results) where Results.Element == GraphQLResult<R> {
        source = .events {
            let box = UncheckedIteratorBox(results.makeAsyncIterator())
            return { try await box.next().map(Event.result) }
        }
        stop = nil
    }

    /// A stream of the events `makeEvents` produces; `stop` ends them early.
    init(events makeEvents: @escaping @Sendable () -> EventSource, stop: (@Sendable () -> Void)?) {
        source = .events(makeEvents)
        self.stop = stop
    }

    /// The result, when the stream holds one result known already (a query's or a mutation's
    /// that no stage mapped): read without iterating.
    var single: GraphQLResult<R>? {
        if case .single(let result) = source { return result }
        return nil
    }

    /// A stream of `transform`'s results, each run when the result is asked for. Subscriptions'
    /// connection states pass unchanged.
    public func map(_ transform: @escaping @Sendable (GraphQLResult<R>) async throws -> GraphQLResult<R>)
        -> GraphQLResponseStream<R>
    {
        let makeEvents = self.makeEventSource
        return GraphQLResponseStream(
            events: {
                let next = makeEvents()
                return {
                    switch try await next() {
                    case .result(let result)?: .result(try await transform(result))
                    case let other: other
                    }
                }
            }, stop: stop)
    }

    /// Stops a subscription or watcher behind the stream: what it already produced is still
    /// delivered, then the stream ends.
    public func cancel() {
        stop?()
    }

    /// A source of the stream's events, for one consumer.
    @Sendable func makeEventSource() -> EventSource {
        switch source {
        case .single(let result):
            let taken = UncheckedFlag()
            return {
                guard !taken.isSet else { return nil }
                taken.set()
                return .result(result)
            }
        case .events(let make):
            return make()
        }
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> Iterator {
        Iterator(next: makeEventSource())
    }

    /// The results in order (a subscription's connection states are left out).
    public struct Iterator: AsyncIteratorProtocol {
        private let nextEvent: EventSource

        fileprivate init(next: @escaping EventSource) { nextEvent = next }

        /// The next result, or `nil` at the end.
        public mutating func next() async throws -> GraphQLResult<R>? {
            while let event = try await nextEvent() {
                if case .result(let result) = event { return result }
            }
            return nil
        }
    }

    /// The last result, after iterating to the end: what `query(request:)` returns.
    func last() async throws -> GraphQLResult<R>? {
        if let single { return single }
        var last: GraphQLResult<R>?
        for try await result in self { last = result }
        return last
    }
}

/// An iterator behind a `Sendable` closure. A stream's events are taken by one consumer at a time,
/// one after the other (each `next` finishes before the next one starts), which is what makes the
/// unchecked access safe.
// Unchecked: the iterator is advanced by one consumer, each `next` finishing before the next starts.
final class UncheckedIteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {
    private var iterator: Iterator

    init(_ iterator: Iterator) { self.iterator = iterator }

    func next() async throws -> Iterator.Element? {
        try await iterator.next()
    }
}

/// A flag set once by the single consumer of a stream (see ``UncheckedIteratorBox``).
// Unchecked: set and read by the stream's single consumer only, one `next` at a time.
final class UncheckedFlag: @unchecked Sendable {
    private(set) var isSet = false

    func set() { isSet = true }
}
