/// The sequence `subscribe` returns: the events of one subscription, with ``cancel()`` to stop it
/// from anywhere (the shape of Amplify's `AmplifyAsyncThrowingSequence`).
///
/// ```swift
/// let subscription = Switchboard.API.subscribe(request: .subscription(of: Todo.self, type: .onCreate))
/// Task {
///     for try await event in subscription {
///         if case .data(.success(let todo)) = event { print(todo.name) }
///     }
/// }
/// // later, e.g. when the screen goes away:
/// subscription.cancel()
/// ```
///
/// Iterate it once (it is a single-consumer stream). Ending the loop, cancelling the iterating
/// task, or calling ``cancel()`` stops the subscription; after ``cancel()`` the loop ends normally.
public final class SwitchboardAsyncThrowingSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The iterator: the events in order. Work an event needs before it is ready (a subscription
    /// payload's decoding, say) is done as it is taken, by the iterating task and away from any
    /// actor it runs on.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var source: IteratorSource

        fileprivate init(_ source: IteratorSource) { self.source = source }

        /// The next event, or `nil` once the sequence ended.
        public mutating func next() async throws -> Element? {
            switch source {
            case .elements(var base):
                defer { source = .elements(base) }
                return try await base.next()
            case .pull(let next):
                return try await next()
            }
        }

        /// The next event, taken without leaving `actor`'s executor; an event that needs work
        /// before it is ready is made ready away from `actor`, so that a loop on the main actor
        /// does not decode there.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            switch source {
            case .elements(var base):
                defer { source = .elements(base) }
                return try await base.next(isolation: actor)
            case .pull(let next):
                return try await next()
            }
        }
    }

    /// Amplify's name for the iterator type (`AmplifyAsyncThrowingSequence<…>.Iterator`).
    public typealias Iterator = AsyncIterator

    fileprivate enum IteratorSource {
        case elements(AsyncThrowingStream<Element, any Error>.Iterator)
        /// Takes the next element; a nonisolated function, so it runs off the caller's actor.
        case pull(@Sendable () async throws -> Element?)
    }

    private enum Source: Sendable {
        case elements(AsyncThrowingStream<Element, any Error>, AsyncThrowingStream<Element, any Error>.Continuation)
        case pull(make: @Sendable () -> @Sendable () async throws -> Element?, cancel: @Sendable () -> Void)
    }

    private let source: Source
    /// Pauses and resumes what produces the elements (a subscription); `nil` for other sequences.
    private let control: (pause: @Sendable () async -> Void, resume: @Sendable () async -> Void)?

    /// Wraps a stream and the continuation that feeds it; finishing the continuation must stop
    /// the work behind it (through its `onTermination`).
    public init(
        stream: AsyncThrowingStream<Element, any Error>,
        continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) {
        source = .elements(stream, continuation)
        control = nil
    }

    /// A sequence whose iterators take each element with a function `make` returns (one per
    /// iterator, called by one consumer at a time); `cancel` stops what produces them.
    package init(
        pulling make: @escaping @Sendable () -> @Sendable () async throws -> Element?,
        cancel: @escaping @Sendable () -> Void,
        pause: (@Sendable () async -> Void)? = nil, resume: (@Sendable () async -> Void)? = nil
    ) {
        source = .pull(make: make, cancel: cancel)
        if let pause, let resume { control = (pause, resume) } else { control = nil }
    }

    /// A sequence that ends at once with `error`.
    public convenience init(failing error: any Error) {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        continuation.finish(throwing: error)
        self.init(stream: stream, continuation: continuation)
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .elements(let stream, _): AsyncIterator(.elements(stream.makeAsyncIterator()))
        case .pull(let make, _): AsyncIterator(.pull(make()))
        }
    }

    /// Pauses the subscription without ending it: the server stops sending its events (AppSync's
    /// `stop`), the stream reports `SubscriptionConnectionState.paused`, and nothing arrives until
    /// ``resume()``. The last subscription of a connection to pause closes its socket. Sequences
    /// that are not subscriptions ignore it.
    public func pause() async {
        await control?.pause()
    }

    /// Starts a paused subscription again: the stream reports `connecting`, then
    /// `connectedAfterGap` (events went by while paused) or, with a resync, the missed events and
    /// `connected`.
    public func resume() async {
        await control?.resume()
    }

    /// Stops the subscription: buffered events are still delivered, then the iteration ends
    /// without an error.
    public func cancel() {
        switch source {
        case .elements(_, let continuation): continuation.finish()
        case .pull(_, let cancel): cancel()
        }
    }
}

/// Amplify's name for ``SwitchboardAsyncThrowingSequence``, so that code declaring
/// `AmplifyAsyncThrowingSequence<GraphQLSubscriptionEvent<Todo>>` compiles unchanged.
public typealias AmplifyAsyncThrowingSequence<Element: Sendable> = SwitchboardAsyncThrowingSequence<Element>
