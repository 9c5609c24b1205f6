/// Where a typed query's result comes from, with Apollo's names for the choices.
///
/// `Switchboard.API.query(operation:)` without a policy behaves as ``fetchIgnoringCacheData``
/// (it always asks the server, as Amplify does); `watch(operation:)` defaults to
/// ``returnCacheDataElseFetch``.
public enum CachePolicy: Sendable, Hashable, CaseIterable {
    /// The store's data when it holds all of it, else the server's (written to the store).
    case returnCacheDataElseFetch
    /// The server's data, written to the store.
    case fetchIgnoringCacheData
    /// The store's data only; a miss throws ``RecordStoreError`` (``RecordStoreError/isCacheMiss``).
    case returnCacheDataDontFetch
    /// The server's data, and the store is neither read nor written.
    case fetchIgnoringCacheCompletely
    /// The server's data (written to the store); when the server cannot be reached — a network
    /// error, or a status of 500 and above — the store's data, marked as from the cache
    /// (`GraphQLResult.source`), and the error when the store lacks some of it.
    case networkFirst
}

/// The one policy that gives two results: the store's data at once when it holds all of it, then
/// the server's (written to the store). Passed to `query(operation:cachePolicy:)`, it makes the
/// call return a sequence of `CachedQueryResult` values.
public enum CacheAndNetworkPolicy: Sendable, Hashable {
    /// The store's data first, then the server's.
    case returnCacheDataAndFetch
}
