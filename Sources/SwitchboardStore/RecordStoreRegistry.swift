import Switchboard
import SwitchboardCore

/// The record stores of `Switchboard.API`, one per API name, made on first use and dropped by
/// `Switchboard.reset()`.
package enum RecordStoreRegistry {
    private static let stores = Locked([String: RecordStore]())

    static func store(for apiName: String?) -> RecordStore {
        stores.withLock { stores in
            if let store = stores[apiName ?? ""] { return store }
            let store = RecordStore()
            stores[apiName ?? ""] = store
            return store
        }
    }

    static func set(_ store: RecordStore, for apiName: String?) {
        stores.withLock { $0[apiName ?? ""] = store }
    }

    package static func reset() {
        stores.withLock { $0.removeAll() }
    }
}

extension APICategory {
    /// The record store of the API named `apiName` (the default API when `nil`): where typed
    /// operations' results are normalized, and what `watch(operation:)` and cache policies read.
    /// Made with the default `RecordStoreConfiguration` on first use unless ``setStore(_:apiName:)``
    /// gave one.
    public func store(apiName: String? = nil) -> RecordStore {
        RecordStoreRegistry.store(for: apiName)
    }

    /// Uses `store` for the API named `apiName` (the default API when `nil`), for example one made
    /// with a time to live or a memory budget. Call it before the first typed operation.
    public func setStore(_ store: RecordStore, apiName: String? = nil) {
        RecordStoreRegistry.set(store, for: apiName)
    }
}
