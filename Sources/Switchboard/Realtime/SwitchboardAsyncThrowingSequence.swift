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
    /// The iterator: the underlying stream's.
    public typealias AsyncIterator = AsyncThrowingStream<Element, any Error>.Iterator

    private let stream: AsyncThrowingStream<Element, any Error>
    private let continuation: AsyncThrowingStream<Element, any Error>.Continuation

    /// Wraps a stream and the continuation that feeds it; finishing the continuation must stop
    /// the work behind it (through its `onTermination`).
    public init(
        stream: AsyncThrowingStream<Element, any Error>,
        continuation: AsyncThrowingStream<Element, any Error>.Continuation
    ) {
        self.stream = stream
        self.continuation = continuation
    }

    /// A sequence that ends at once with `error`.
    public convenience init(failing error: any Error) {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        continuation.finish(throwing: error)
        self.init(stream: stream, continuation: continuation)
    }

    /// Starts iterating.
    public func makeAsyncIterator() -> AsyncIterator { stream.makeAsyncIterator() }

    /// Stops the subscription: buffered events are still delivered, then the iteration ends
    /// without an error.
    public func cancel() { continuation.finish() }
}

/// Amplify's name for ``SwitchboardAsyncThrowingSequence``, so that code declaring
/// `AmplifyAsyncThrowingSequence<GraphQLSubscriptionEvent<Todo>>` compiles unchanged.
public typealias AmplifyAsyncThrowingSequence<Element: Sendable> = SwitchboardAsyncThrowingSequence<Element>
