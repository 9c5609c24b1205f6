import Foundation
import SwitchboardCore

extension CacheStage {
    /// A watcher: the store's data now and after every change, the newest one waiting while the
    /// consumer is busy. Data missing (at the start, or after records were removed) sends the
    /// query on through the rest of the chain, unless the policy is
    /// `CachePolicy.returnCacheDataDontFetch`; the server's data reaches the watcher through the
    /// store, and a response with errors is yielded as it is. A transport error ends the stream.
    func watch<R: Decodable & Sendable>(
        _ request: GraphQLOperationRequest<R>, reader: StoreReader<R>, context: OperationContext,
        next: GraphQLStageNext<R>
    ) throws -> GraphQLResponseStream<R> {
        let store = reader.store
        let operation = reader.operation
        let (stream, continuation) = AsyncThrowingStream<GraphQLResult<R>, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let policy = request.cachePolicy
        let task = Task {
            // Misses ask for a fetch; several pending asks are one fetch.
            let (misses, missed) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let fetches = policy != .returnCacheDataDontFetch
            let fetch = { @Sendable () async throws in
                let results = try await next(request, context)
                for try await result in results {
                    if case .success = result.response, let data = result.data {
                        try await store.write(data.tape, at: data.index, for: operation)
                    } else {
                        // Data reaches the watcher through the store; errors have no other way.
                        continuation.yield(result)
                    }
                }
            }
            var watcher: UInt64?
            do {
                switch policy {
                case .fetchIgnoringCacheData:
                    try await fetch()
                case .networkFirst:
                    // Unreachable: the watcher starts from the store, and fetches on its next miss.
                    do {
                        try await fetch()
                    } catch let error as APIError where Self.isUnreachable(error) {}
                case .returnCacheDataElseFetch, .returnCacheDataDontFetch, .fetchIgnoringCacheCompletely:
                    break
                }
                watcher = try await store.addWatcher(for: operation) { read in
                    switch read {
                    case .success(let bytes):
                        do {
                            continuation.yield(try reader.result(ofWatcherRead: bytes))
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    case .failure:
                        if fetches { missed.yield() }
                    }
                }
                for await _ in misses { try await fetch() }
            } catch {
                continuation.finish(throwing: error)
            }
            if let watcher { await store.removeWatcher(watcher) }
        }
        continuation.onTermination = { _ in task.cancel() }
        return GraphQLResponseStream(
            events: {
                let box = UncheckedIteratorBox(stream.makeAsyncIterator())
                return { try await box.next().map { .result($0) } }
            }, stop: { continuation.finish() })
    }
}
