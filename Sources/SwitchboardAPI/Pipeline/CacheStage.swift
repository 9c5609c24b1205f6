import Foundation
import SwitchboardCore

/// The first GraphQL-level stage: the record store's part in every typed operation. It owns the
/// plugin's stores (one per API).
///
/// - A query is read from the store or sent on by its `CachePolicy`; a server's plain success is
///   normalized into the store (partial data never is, so that a field nulled by an error never
///   replaces a good value). A cache-and-network query yields the store's data, then the server's.
/// - A watcher yields the store's data now and after every change, and sends the query on when
///   data is missing.
/// - A mutation's result is written; its optimistic data is shown until the server answers.
/// - Each subscription event's data is written before the subscriber gets it.
///
/// Requests made from a document and a type take part when asked (a cache policy, or
/// `RequestOptions.updatesStore`); others, and operations with
/// `CachePolicy.fetchIgnoringCacheCompletely`, pass through untouched.
struct CacheStage: GraphQLStage {
    let stores: RecordStores
    /// The plugin the lists decoded from the store's data load their next pages through.
    weak var plugin: APIPlugin?

    init(stores: RecordStores, plugin: APIPlugin?) {
        self.stores = stores
        self.plugin = plugin
    }

    var name: StageName { .cache }

    func handle<R: Decodable & Sendable>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
    ) async throws -> GraphQLResponseStream<R> {
        guard let operation = request.storeOperation, request.cachePolicy != .fetchIgnoringCacheCompletely else {
            return try await next(request, context)
        }
        let store = stores.store(for: context.apiName)
        let reader = StoreReader(request, operation: operation, store: store, context: context, plugin: plugin)
        let write: @Sendable (GraphQLResult<R>) async throws -> GraphQLResult<R> = { result in
            try await Self.write(result, to: store, for: operation)
        }
        switch (request.operationType, request.delivery) {
        case (.subscription, _):
            return try await next(request, context).map(write)
        case (.mutation, _):
            guard request.writeOptimisticData != nil || request.storeUpdate != nil else {
                return try await next(request, context).mapNow(write)
            }
            return try await mutate(request, operation: operation, store: store, context: context, next: next)
        case (.query, .once):
            switch request.cachePolicy {
            case .returnCacheDataDontFetch:
                return GraphQLResponseStream(try await reader.read())
            case .returnCacheDataElseFetch:
                do {
                    return GraphQLResponseStream(try await reader.read())
                } catch let error as RecordStoreError where error.isCacheMiss {
                    return try await next(request, context).mapNow(write)
                }
            case .fetchIgnoringCacheData, .fetchIgnoringCacheCompletely:
                return try await next(request, context).mapNow(write)
            case .networkFirst:
                do {
                    return try await next(request, context).mapNow(write)
                } catch let error as APIError where Self.isUnreachable(error) {
                    guard let cached = try? await reader.read() else { throw error }
                    return GraphQLResponseStream(cached)
                }
            }
        case (.query, .cacheThenNetwork):
            return Self.cacheThenNetwork(try? await reader.read()) { try await next(request, context).map(write) }
        case (.query, .watch):
            return try watch(request, reader: reader, context: context, next: next)
        }
    }

    /// Whether `error` says the server could not be reached, which `CachePolicy.networkFirst`
    /// answers from the store: a network error, or a status of 500 and above.
    static func isUnreachable(_ error: APIError) -> Bool {
        switch error {
        case .networkError: return true
        case .httpStatusError(let status, _): return status >= 500
        default: return false
        }
    }

    /// Writes a server's plain success into the store.
    private static func write<R>(_ result: GraphQLResult<R>, to store: RecordStore, for operation: StoreOperation)
        async throws -> GraphQLResult<R>
    {
        if case .success = result.response, let data = result.data {
            try await store.write(data.tape, at: data.index, for: operation)
        }
        return result
    }

    /// The store's result (when it had all of the data), then the server's, fetched when asked for.
    private static func cacheThenNetwork<R>(
        _ cached: GraphQLResult<R>?, fetch: @escaping @Sendable () async throws -> GraphQLResponseStream<R>
    ) -> GraphQLResponseStream<R> {
        let stopped = Locked(false)
        return GraphQLResponseStream(
            events: {
                let state = CacheThenNetworkState(cached: cached)
                return {
                    if stopped.withLock({ $0 }) { return nil }
                    if let cached = state.takeCached() { return .result(cached) }
                    return try await state.network(fetch)()
                }
            }, stop: { stopped.withLock { $0 = true } })
    }
}

/// Where one consumer of a cache-and-network stream is: the cached result not yet taken, or the
/// server's stream once asked for. Used by that consumer only, one `next` at a time.
// Unchecked: only the stream's single consumer touches the state, one `next` at a time.
private final class CacheThenNetworkState<R: Sendable>: @unchecked Sendable {
    private var cached: GraphQLResult<R>?
    private var events: GraphQLResponseStream<R>.EventSource?

    init(cached: GraphQLResult<R>?) { self.cached = cached }

    func takeCached() -> GraphQLResult<R>? {
        defer { cached = nil }
        return cached
    }

    func network(_ fetch: () async throws -> GraphQLResponseStream<R>) async throws
        -> GraphQLResponseStream<R>.EventSource
    {
        if let events { return events }
        let made = try await fetch().makeEventSource()
        events = made
        return made
    }
}

extension GraphQLResponseStream {
    /// ``map(_:)``, run at once when the stream holds a result already (a query's or a mutation's),
    /// so that the store is written before the operation returns and within its timings.
    func mapNow(_ transform: @escaping @Sendable (GraphQLResult<R>) async throws -> GraphQLResult<R>) async throws
        -> GraphQLResponseStream<R>
    {
        guard let single else { return map(transform) }
        return GraphQLResponseStream(try await transform(single))
    }
}
