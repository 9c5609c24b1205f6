import SwitchboardCore

/// The record stores of one plugin, one per API name, made on first use: what its cache stage
/// reads and writes, and what `store(apiName:)` returns.
final class RecordStores: Sendable {
    private let stores = Locked<[String: RecordStore]>([:])

    /// The store of the API `apiName`, made with the default configuration on first use.
    func store(for apiName: String) -> RecordStore {
        stores.withLock { stores in
            if let store = stores[apiName] { return store }
            let store = RecordStore()
            stores[apiName] = store
            return store
        }
    }

    /// Uses `store` for the API `apiName` from now on.
    func set(_ store: RecordStore, for apiName: String) {
        stores.withLock { $0[apiName] = store }
    }

    /// Forgets every store (the plugin's reset).
    func removeAll() {
        stores.withLock { $0.removeAll() }
    }
}
