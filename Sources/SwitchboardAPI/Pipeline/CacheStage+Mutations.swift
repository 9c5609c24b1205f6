import Foundation

extension CacheStage {
    /// A mutation with optimistic data or a store updater. The optimistic data, and the updater
    /// run on the optimistic value, are shown at once as one optimistic layer. When the server
    /// answers, one transaction takes the layer away, writes the result and runs the updater on
    /// it, so watchers go from the optimistic state to the real one in one step; when the
    /// mutation fails, the layer is taken away.
    func mutate<R>(
        _ request: GraphQLOperationRequest<R>, operation: StoreOperation, store: RecordStore,
        context: OperationContext, next: GraphQLStageNext<R>
    ) async throws -> GraphQLResponseStream<R> {
        let update = request.storeUpdate
        let optimisticValue = request.optimisticValue
        var shown: OptimisticUpdate?
        if let writeOptimisticData = request.writeOptimisticData {
            shown = try await store.addOptimisticUpdate { store in
                try writeOptimisticData(store, operation)
                if let update, let optimisticValue { try update(store, optimisticValue) }
            }
        }
        do {
            return try await next(request, context).mapNow { [shown] result in
                guard case .success(let value) = result.response, let data = result.data else {
                    if let shown { await store.removeOptimisticUpdate(shown) }
                    return result
                }
                do {
                    try await store.withTransaction { store in
                        if let shown { store.removeOptimisticUpdate(shown) }
                        try store.write(data.tape, at: data.index, for: operation)
                        try update?(store, value)
                    }
                } catch {
                    // The updater failed on the server's result: the result is still written,
                    // the optimistic layer still goes, and the caller learns why.
                    try await store.withTransaction { store in
                        if let shown { store.removeOptimisticUpdate(shown) }
                        try store.write(data.tape, at: data.index, for: operation)
                    }
                    throw error
                }
                return result
            }
        } catch {
            if let shown { await store.removeOptimisticUpdate(shown) }
            throw error
        }
    }
}
