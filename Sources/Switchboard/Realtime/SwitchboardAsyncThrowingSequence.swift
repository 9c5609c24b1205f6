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
    /// The iterator: the events in order. One that arrived as raw bytes is decoded as it is
    /// taken, by the iterating task and away from any actor it runs on.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var source: IteratorSource

        fileprivate init(_ source: IteratorSource) { self.source = source }

        /// The next event, or `nil` once the sequence ended.
        public mutating func next() async throws -> Element? {
            switch source {
            case .elements(var base):
                defer { source = .elements(base) }
                return try await base.next()
            case .pending(var base, let finish):
                defer { source = .pending(base, finish: finish) }
                return try await base.next()?.element(finish)
            }
        }

        /// The next event, taken without leaving `actor`'s executor. An event that arrived as raw
        /// bytes is decoded away from `actor`, so that a loop on the main actor does not decode
        /// there.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Element? {
            switch source {
            case .elements(var base):
                defer { source = .elements(base) }
                return try await base.next(isolation: actor)
            case .pending(var base, let finish):
                defer { source = .pending(base, finish: finish) }
                switch try await base.next(isolation: actor) {
                case nil: return nil
                case .ready(let element)?: return element
                case .payload(let bytes)?:
                    if actor == nil { return finish(bytes) }
                    return await Self.decodeOffActor(bytes, finish)
                }
            }
        }

        @concurrent private static func decodeOffActor(
            _ bytes: [UInt8], _ finish: @Sendable ([UInt8]) -> Element
        ) async -> Element {
            finish(bytes)
        }
    }

    /// Amplify's name for the iterator type (`AmplifyAsyncThrowingSequence<…>.Iterator`).
    public typealias Iterator = AsyncIterator

    fileprivate enum IteratorSource {
        case elements(AsyncThrowingStream<Element, any Error>.Iterator)
        case pending(
            AsyncThrowingStream<PendingElement<Element>, any Error>.Iterator,
            finish: @Sendable ([UInt8]) -> Element)
    }

    private enum Source: Sendable {
        case elements(AsyncThrowingStream<Element, any Error>, AsyncThrowingStream<Element, any Error>.Continuation)
        case pending(
            AsyncThrowingStream<PendingElement<Element>, any Error>,
            AsyncThrowingStream<PendingElement<Element>, any Error>.Continuation,
            finish: @Sendable ([UInt8]) -> Element)
    }

    private let source: Source

    /// Wraps a stream and the continuation that feeds it; finishing the continuation must stop
    /// the work behind it (through its `onTermination`).
    public init(
        stream: AsyncThrowingStream<Element, any Error>,
        continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) {
        source = .elements(stream, continuation)
    }

    /// Wraps a stream some of whose elements arrive as raw bytes, which `finish` turns into
    /// elements on the iterating task: a subscription's payloads are decoded there rather than
    /// on the connection that received them, so that subscribers decode in parallel.
    package init(
        pending stream: AsyncThrowingStream<PendingElement<Element>, any Error>,
        continuation: AsyncThrowingStream<PendingElement<Element>, any Error>.Continuation,
        finish: @escaping @Sendable ([UInt8]) -> Element
    ) {
        source = .pending(stream, continuation, finish: finish)
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
        case .pending(let stream, _, let finish): AsyncIterator(.pending(stream.makeAsyncIterator(), finish: finish))
        }
    }

    /// Stops the subscription: buffered events are still delivered, then the iteration ends
    /// without an error.
    public func cancel() {
        switch source {
        case .elements(_, let continuation): continuation.finish()
        case .pending(_, let continuation, _): continuation.finish()
        }
    }
}

/// An element of a ``SwitchboardAsyncThrowingSequence`` as its producer delivers it: ready, or
/// bytes that the iterating task turns into the element.
package enum PendingElement<Element: Sendable>: Sendable {
    case ready(Element)
    case payload([UInt8])

    func element(_ finish: ([UInt8]) -> Element) -> Element {
        switch self {
        case .ready(let element): element
        case .payload(let bytes): finish(bytes)
        }
    }
}

/// Amplify's name for ``SwitchboardAsyncThrowingSequence``, so that code declaring
/// `AmplifyAsyncThrowingSequence<GraphQLSubscriptionEvent<Todo>>` compiles unchanged.
public typealias AmplifyAsyncThrowingSequence<Element: Sendable> = SwitchboardAsyncThrowingSequence<Element>
