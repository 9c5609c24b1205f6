import Foundation

/// A normalized cache of GraphQL responses: every object with an identity is one record, shared
/// by all the queries, mutations and subscriptions that return it, so that reading a query back
/// needs no network round trip and a change to an object reaches every watcher that shows it.
///
/// ```swift
/// let store = RecordStore()
/// try await store.write(data: response, for: HeroNameQuery(episode: .value(.jedi)))
/// let hero = try await store.read(operation: HeroNameQuery(episode: .value(.jedi))).hero
/// ```
///
/// Each write is one actor call, so a reader never sees half of a response.
public actor RecordStore {
    /// How the store identifies objects, expires fields and bounds its size.
    public nonisolated let configuration: RecordStoreConfiguration

    var records: [CacheKey: StoredRecord] = [:]
    var layers: [OptimisticLayer] = []
    var possibleTypes: PossibleTypes
    var useCounter: UInt64 = 0
    var nextLayerID: UInt64 = 0
    /// The estimated bytes of ``records``.
    var totalSize = 0
    var watchers = WatcherTable()
    let keys: CacheKeyResolver

    /// An empty store.
    public init(configuration: RecordStoreConfiguration = RecordStoreConfiguration()) {
        self.configuration = configuration
        possibleTypes = PossibleTypes(declared: configuration.possibleTypes)
        keys = CacheKeyResolver(configuration: configuration)
    }

    // MARK: Operations

    /// Reads an operation's data back from the store, or throws ``RecordStoreError`` naming the
    /// first record or field that is missing or expired.
    public func read<Operation: GraphQLOperation>(operation: Operation) throws -> Operation.Data {
        let (plan, variables) = try Self.inputs(of: operation)
        let bytes = try readBytes(plan: plan, variables: variables, from: plan.rootKey).bytes
        return try JSONBytesDecoder().decode(Operation.Data.self, fromBytes: bytes)
    }

    /// Writes an operation's data (the response's `data` object) into the store, updating every
    /// watcher whose data changed.
    public func write<Operation: GraphQLOperation>(data: JSONValue, for operation: Operation) throws {
        let changed = merge(try normalize(data, for: operation))
        enforceMemoryBudget()
        notifyWatchers(of: changed)
    }

    /// The records `data` (an operation's `data` object) holds, not yet merged into the store.
    func normalize<Operation: GraphQLOperation>(_ data: JSONValue, for operation: Operation) throws
        -> [CacheKey: [String: RecordValue]]
    {
        let (plan, variables) = try Self.inputs(of: operation)
        guard case .object(let object) = data else {
            throw RecordStoreError.invalidData(
                "The data of \(Operation.operationName) is \(data.kindDescription), not an object.")
        }
        var normalizer = RecordNormalizer(variables: variables, possibleTypes: possibleTypes(for: plan), keys: keys)
        try normalizer.normalize(object, selectionSet: plan.root, into: plan.rootKey)
        for (condition, typename) in normalizer.inferences {
            possibleTypes.learned[condition, default: []].insert(typename)
        }
        return normalizer.records
    }

    /// The plan and variables of a typed operation.
    static func inputs<Operation: GraphQLOperation>(of operation: Operation) throws -> (SelectionPlan, PlanVariables) {
        var plan = try SelectionPlan.operation(Operation.document, named: Operation.operationName)
        plan.possibleTypes = Operation.possibleTypes
        let request = GraphQLRequest(operation: operation)
        if let error = request.variablesError { throw error }
        return (plan, PlanVariables(request.variables ?? [:], defaults: plan.variableDefaults))
    }

    // MARK: Untyped reads and writes

    /// Reads `plan` from the record `key` as JSON text.
    func readBytes(plan: SelectionPlan, variables: PlanVariables, from key: CacheKey)
        throws(RecordStoreError) -> (bytes: [UInt8], dependencies: Set<CacheKey>)
    {
        var reader = RecordReader(view: view(), variables: variables, possibleTypes: possibleTypes(for: plan))
        defer { touch(reader.dependencies) }
        try reader.read(plan.root, from: key)
        return (reader.bytes, reader.dependencies)
    }

    /// The store's possible types with those `plan` lists.
    func possibleTypes(for plan: SelectionPlan) -> PossibleTypes {
        guard !plan.possibleTypes.isEmpty else { return possibleTypes }
        var types = possibleTypes
        types.operation = plan.possibleTypes
        return types
    }

    /// The records as reads see them now.
    func view() -> RecordView {
        RecordView(
            records: records, layers: layers, now: configuration.now().timeIntervalSince1970,
            configuration: configuration)
    }

    /// Merges fields into the records; returns the keys of records whose values changed.
    func merge(_ updates: [CacheKey: [String: RecordValue]]) -> Set<CacheKey> {
        let now = configuration.now().timeIntervalSince1970
        useCounter &+= 1
        var changed: Set<CacheKey> = []
        for (key, fields) in updates {
            var record = records.removeValue(forKey: key) ?? StoredRecord()
            let before = record.size
            var recordChanged = record.fields.isEmpty
            for (storageKey, value) in fields {
                if record.fields[storageKey]?.value != value { recordChanged = true }
                record.fields[storageKey] = StoredField(value: value, writtenAt: now)
            }
            if recordChanged || before == 0 { record.size = record.estimatedSize(key: key) }
            record.lastUsed = useCounter
            totalSize += record.size - before
            records[key] = record
            if recordChanged { changed.insert(key) }
        }
        return changed
    }

    /// Marks records as used now, for least-recently-used eviction.
    func touch(_ keys: Set<CacheKey>) {
        useCounter &+= 1
        for key in keys {
            records[key]?.lastUsed = useCounter
        }
    }

    // MARK: Records

    /// The record stored under `key` (optimistic changes included), or `nil`.
    public func record(for key: CacheKey) -> Record? {
        let view = view()
        guard view.contains(key) else { return nil }
        var fields = records[key]?.fields.mapValues(\.value) ?? [:]
        for layer in layers {
            fields.merge(layer.records[key] ?? [:]) { _, new in new }
        }
        return Record(key: key, fields: fields)
    }

    /// Writes records by hand: each record's fields are merged into the stored record of its key
    /// (created when absent), and watchers of changed records are notified.
    public func merge(_ records: [Record]) {
        var updates: [CacheKey: [String: RecordValue]] = [:]
        for record in records {
            updates[record.key, default: [:]].merge(record.fields) { _, new in new }
        }
        let changed = merge(updates)
        enforceMemoryBudget()
        notifyWatchers(of: changed)
    }

    /// Removes the record `key`; watchers that showed it read again and stay silent until their
    /// data is complete again.
    @discardableResult
    public func removeRecord(for key: CacheKey) -> Record? {
        guard let removed = records.removeValue(forKey: key) else { return nil }
        totalSize -= removed.size
        notifyWatchers(of: [key])
        return Record(key: key, fields: removed.fields.mapValues(\.value))
    }

    /// Removes one field of a record (for example `todos({"limit":10})` of `QUERY_ROOT`).
    public func removeField(_ storageKey: String, of key: CacheKey) {
        guard removeStoredField(storageKey, of: key) else { return }
        notifyWatchers(of: [key])
    }

    /// Removes every record, keeping watchers (they stay silent until data arrives again).
    public func removeAll() {
        let keys = Set(records.keys)
        records.removeAll()
        totalSize = 0
        notifyWatchers(of: keys)
    }

    /// The keys of the stored records, sorted.
    public var recordKeys: [CacheKey] { records.keys.sorted() }

    /// The estimated bytes the records take, compared with ``RecordStoreConfiguration/memoryBudget``.
    public var estimatedSize: Int { totalSize }
}
