import Foundation
import GraphQLLanguage
import Switchboard
import SwitchboardCore

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
    /// Changes whenever a record's fields change, one is removed or put back: a ``ReadMemo``
    /// entry found current at one content version is current until the next.
    var contentVersion: UInt64 = 0
    var nextLayerID: UInt64 = 0
    /// The estimated bytes of ``records``.
    var totalSize = 0
    var watchers = WatcherTable()
    let keys: CacheKeyResolver

    /// Where records are saved across launches, if anywhere.
    let persistence: (any RecordPersistence)?
    /// Records changed or removed since the last save.
    var unsaved: Set<CacheKey> = []
    /// The transaction under way, if any (see ``withTransaction(_:)``).
    var transaction: StoreTransaction?

    /// An empty store, kept in memory only.
    public init(configuration: RecordStoreConfiguration = RecordStoreConfiguration()) {
        self.init(configuration: configuration, persistence: nil, records: [:])
    }

    /// A store that saves its records with `persistence` and starts with the records saved there
    /// (by an earlier launch), so that `returnCacheDataElseFetch` can answer before the network.
    ///
    /// ```swift
    /// let store = try RecordStore(persistence: SQLiteRecordPersistence(path: cacheURL.path))
    /// try Switchboard.API.setStore(store)
    /// ```
    ///
    /// Each write is saved before it returns. A failed save throws from the write that made it
    /// (or from the next `write`, or ``save()``, after a change by a method that does not throw).
    public init(
        configuration: RecordStoreConfiguration = RecordStoreConfiguration(), persistence: any RecordPersistence
    )
        throws
    {
        var records: [CacheKey: StoredRecord] = [:]
        for saved in try persistence.loadRecords() {
            records[saved.key] = try StoredRecord(decoding: saved.encoded, key: saved.key)
        }
        self.init(configuration: configuration, persistence: persistence, records: records)
    }

    private init(
        configuration: RecordStoreConfiguration, persistence: (any RecordPersistence)?,
        records: [CacheKey: StoredRecord]
    ) {
        self.configuration = configuration
        self.persistence = persistence
        self.records = records
        totalSize = records.values.reduce(0) { $0 + $1.size }
        possibleTypes = PossibleTypes(declared: configuration.possibleTypes)
        keys = CacheKeyResolver(configuration: configuration)
    }

    /// Saves the records changed or removed since the last save (a store without persistence has
    /// nothing to save). Writes save by themselves; call this after changes made by methods that
    /// do not throw, to learn whether they were saved.
    public func save() throws {
        // A transaction saves once, when it ends.
        guard let persistence, !unsaved.isEmpty, transaction == nil else { return }
        var saved: [PersistedRecord] = []
        var removed: [CacheKey] = []
        for key in unsaved.sorted() {
            if let record = records[key] {
                saved.append(PersistedRecord(key: key, encoded: record.encoded()))
            } else {
                removed.append(key)
            }
        }
        do {
            try persistence.save(saved, removing: removed)
        } catch {
            throw RecordStoreError.persistence("\(error)")
        }
        unsaved.removeAll(keepingCapacity: true)
    }

    /// Notes changed or removed records for the next save.
    func noteUnsaved(_ keys: some Sequence<CacheKey>) {
        guard persistence != nil else { return }
        unsaved.formUnion(keys)
    }

    // MARK: Operations

    /// Reads an operation's data back from the store, or throws ``RecordStoreError`` naming the
    /// first record or field that is missing or expired.
    public func read<Operation: GraphQLOperation>(operation: Operation) throws -> Operation.Data {
        try read(Operation.Data.self, for: StoreOperation(operation))
    }

    /// Reads `operation`'s data back as a `Value`.
    package func read<Value: Decodable>(_ type: Value.Type, for operation: StoreOperation) throws -> Value {
        let (plan, variables) = try inputs(of: operation)
        return try decode(
            Value.self, plan: plan, variables: variables, from: plan.rootKey,
            memo: watchers.memo(for: plan, variables: variables, root: plan.rootKey))
    }

    /// Reads `operation`'s data back as the JSON text a server would have sent for its `data`
    /// object: how requests made from a document and a type decode the store's data, as they
    /// decode a response (through their decode path, into models).
    package func readJSON(for operation: StoreOperation) throws -> [UInt8] {
        let (plan, variables) = try inputs(of: operation)
        let (bytes, visited) = try { () throws(RecordStoreError) -> ([UInt8], Set<CacheKey>) in
            var reader = RecordReader(
                view: view(), variables: variables, possibleTypes: possibleTypes(for: plan), redirects: redirects)
            try reader.read(plan.root, from: plan.rootKey)
            return (reader.bytes, reader.dependencies)
        }()
        // Touched once the reader, and the view of the records it holds, is gone (see `decode`).
        useCounter &+= 1
        for key in visited { records[key]?.lastUsed = useCounter }
        return bytes
    }

    /// Writes an operation's data (the response's `data` object) into the store, updating every
    /// watcher whose data changed.
    public func write<Operation: GraphQLOperation>(data: JSONValue, for operation: Operation) throws {
        let operation = try StoreOperation(operation)
        try write(try Self.tape(of: data, for: operation), at: 0, for: operation)
    }

    /// Writes an operation's data given as JSON text (the `data` object), as the API's pipeline
    /// does with a response body.
    package func write<Operation: GraphQLOperation>(json: some ContiguousBytes, for operation: Operation) throws {
        try write(try Self.tape(ofJSON: json), at: 0, for: StoreOperation(operation))
    }

    /// Writes `operation`'s data (the `data` object), as a response with it would be written.
    package func write(data: JSONValue, for operation: StoreOperation) throws {
        try write(try Self.tape(of: data, for: operation), at: 0, for: operation)
    }

    /// Writes data encoded from a Swift value: selected fields it leaves out are `null`, and
    /// objects `{"$ref": key}` stand for records kept as they are (see ``KeptItemsSubstitution``).
    func write(encoded json: some ContiguousBytes, for operation: StoreOperation, keptReferences: Bool = false) throws {
        let (plan, variables) = try inputs(of: operation)
        try apply(
            normalize(
                try Self.tape(ofJSON: json), at: 0, plan: plan, variables: variables, into: plan.rootKey,
                absentFieldsAreNull: true, keptReferences: keptReferences))
    }

    /// Writes the operation's data found at token `index` of `tape` (where the response decoder
    /// read it), so that a response is read into a tape once for both its `Data` and the store.
    package func write(_ tape: JSONTape, at index: Int, for operation: StoreOperation) throws {
        try apply(normalize(tape, at: index, for: operation))
    }

    /// Merges what a normalizer found, keeps the memory budget, tells the watchers of changed
    /// records and saves.
    func apply(_ normalized: RecordNormalizer) throws {
        let changed = merge(normalized.groups)
        enforceMemoryBudget()
        notifyWatchers(of: changed)
        try save()
    }

    /// The records the data at token `index` of `tape` holds, not yet merged into the store.
    func normalize(_ tape: JSONTape, at index: Int, for operation: StoreOperation, absentFieldsAreNull: Bool = false)
        throws -> RecordNormalizer
    {
        let (plan, variables) = try inputs(of: operation)
        return try normalize(
            tape, at: index, plan: plan, variables: variables, into: plan.rootKey,
            absentFieldsAreNull: absentFieldsAreNull)
    }

    /// The records the object at token `index` of `tape` holds when `plan` is read on the record `key`.
    func normalize(
        _ tape: JSONTape, at index: Int, plan: SelectionPlan, variables: PlanVariables, into key: CacheKey,
        absentFieldsAreNull: Bool = false, keptReferences: Bool = false
    ) throws -> RecordNormalizer {
        guard tape.view.tokens[index].kind == .object else {
            throw RecordStoreError.invalidData("The data is a \(tape.view.tokens[index].kind), not an object.")
        }
        var normalizer = RecordNormalizer(
            tape: tape, variables: variables, possibleTypes: possibleTypes(for: plan), keys: keys,
            now: configuration.now().timeIntervalSince1970, existing: records)
        normalizer.absentFieldsAreNull = absentFieldsAreNull
        normalizer.acceptsKeptReferences = keptReferences
        try normalizer.normalize(objectAt: index, selectionSet: plan.root, into: key)
        possibleTypes.learn(normalizer.inferences)
        return normalizer
    }

    /// A tape of `data`, which must be an object.
    static func tape(of data: JSONValue, for operation: StoreOperation) throws -> JSONTape {
        try tape(ofObject: data, named: operation.displayName)
    }

    /// A tape of `data`, which must be an object; `name` says whose data it is in the error.
    static func tape(ofObject data: JSONValue, named name: String) throws -> JSONTape {
        guard case .object = data else {
            throw RecordStoreError.invalidData("The data of \(name) is \(data.kindDescription), not an object.")
        }
        var bytes: [UInt8] = []
        try data.serialize(into: &bytes)
        return try tape(ofJSON: bytes)
    }

    /// A tape of JSON text.
    static func tape(ofJSON json: some ContiguousBytes) throws -> JSONTape {
        try json.withUnsafeBytes { raw throws(JSONScanner.Failure) in try JSONTape(raw) }
    }

    /// The plan and variables of a typed operation.
    func inputs(of operation: StoreOperation) throws -> (SelectionPlan, PlanVariables) {
        var plan = try SelectionPlan.operation(operation.document, named: operation.operationName)
        plan.possibleTypes = operation.possibleTypes
        return (plan, variables(operation.variables, defaults: plan.variableDefaults))
    }

    /// The variables of one read or write, with the store's pagination rules.
    func variables(_ values: [String: JSONValue], defaults: [String: GraphQLLanguage.Value] = [:]) -> PlanVariables {
        PlanVariables(
            values, defaults: defaults,
            pagination: PaginationRules(
                configured: configuration.paginatedFields, automatic: configuration.automaticPagination))
    }

    // MARK: Untyped reads and writes

    /// Decodes `plan` read on the record `key` as a `Value`, straight from the records, reusing
    /// the values `memo` kept of objects whose records did not change.
    func decode<Value: Decodable>(
        _ type: Value.Type, plan: SelectionPlan, variables: PlanVariables, from key: CacheKey, memo: ReadMemo? = nil,
        tracker: DependencyTracker? = nil
    ) throws -> Value {
        memo?.beginRead(dependencies: tracker)
        defer { memo?.endRead() }
        let (result, visited) = { () -> (Result<Value, any Error>, [Dictionary<CacheKey, StoredRecord>.Index]) in
            let decoder = RecordDecoder(
                view: view(), collector: FieldCollector(variables: variables, possibleTypes: possibleTypes(for: plan)),
                redirects: redirects, root: key, selectionSet: plan.root, memo: memo, tracker: tracker)
            return (Result { try decoder.decodeValue(Value.self) }, decoder.visited)
        }()
        // Touched once the decoder, and the view of the records it holds, is gone: touching them
        // while it lived would copy every record. The positions stay valid: nothing was inserted
        // or removed since the view was taken.
        useCounter &+= 1
        for index in visited { records.values[index].lastUsed = useCounter }
        return try result.get()
    }

    /// The configured cache redirects, with the automatic ones behind them.
    var redirects: CacheRedirects { CacheRedirects(configuration: configuration) }

    /// The store's possible types with those `plan` lists.
    func possibleTypes(for plan: SelectionPlan) -> PossibleTypes {
        guard !plan.possibleTypes.isEmpty else { return possibleTypes }
        var types = possibleTypes
        types.operation = plan.possibleTypes
        return types
    }

    /// Whether reads may reuse what a ``ReadMemo`` kept (see ``RecordView/allowsMemo``).
    var readsAllowMemo: Bool {
        layers.isEmpty && !configuration.expires
    }

    /// The records as reads see them now.
    func view() -> RecordView {
        RecordView(
            records: records, layers: layers, now: configuration.now().timeIntervalSince1970,
            configuration: configuration, contentVersion: contentVersion)
    }

    /// Merges groups of fields into the records, in order; returns the keys of records whose
    /// values changed (new records included), which only watchers need: without any, the set is
    /// left empty.
    func merge(_ groups: [RecordUpdate]) -> Set<CacheKey> {
        useCounter &+= 1
        let noteChanges = watchers.count > 0
        var changed: Set<CacheKey> = []
        if noteChanges { changed.reserveCapacity(groups.count) }
        records.reserveCapacity(records.count + groups.count)
        var sizeChange = 0
        contentVersion &+= 1
        if transaction != nil {
            noteBeforeChange(groups.map(\.key))
            for group in groups { transaction?.written[group.key, default: []].formUnion(group.fields.map(\.key)) }
        }
        for group in groups {
            // Changed in place: one lookup per group, and the record's table is not copied.
            let recordChanged = Self.merge(
                group, into: &records[group.key, default: StoredRecord()], use: useCounter, size: &sizeChange)
            if recordChanged && noteChanges { changed.insert(group.key) }
        }
        totalSize += sizeChange
        // Unchanged records are saved too: their fields' write times moved, for time to live.
        if persistence != nil { noteUnsaved(groups.map(\.key)) }
        return changed
    }

    /// Merges one group of fields into `record` in place; returns whether a value changed or the
    /// record is new.
    private static func merge(
        _ group: RecordUpdate, into record: inout StoredRecord, use: UInt64, size totalSize: inout Int
    )
        -> Bool
    {
        let before = record.size
        var changed = record.fields.isEmpty
        if changed && group.distinct {
            // A new record takes the fields as they come (distinct keys, in the selection's order),
            // with their size as the normalizer counted it.
            record.fields = FieldTable(uniqueEntries: group.fields)
            record.size = group.size
        } else {
            for (position, field) in group.fields.enumerated() {
                let old = record.fields.updateValue(field.value, forKey: field.key, hint: position)
                if !changed, old?.value != field.value.value { changed = true }
            }
            if changed || before == 0 { record.size = record.estimatedSize(key: group.key) }
        }
        if changed { record.version = use }
        record.lastUsed = use
        totalSize += record.size - before
        return changed
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
        return Record(key: key, fields: fields.mapValues(\.recordValue))
    }

    /// Writes records by hand: each record's fields are merged into the stored record of its key
    /// (created when absent), and watchers of changed records are notified.
    public func merge(_ records: [Record]) {
        let now = configuration.now().timeIntervalSince1970
        let changed = merge(
            records.map { record in
                RecordUpdate(
                    key: record.key,
                    fields: record.fields.map {
                        FieldTable.Entry(key: $0.key, value: StoredField(value: StoredValue($0.value), writtenAt: now))
                    })
            })
        enforceMemoryBudget()
        notifyWatchers(of: changed)
        try? save()
    }

    /// Removes the record `key`; watchers that showed it read again and stay silent until their
    /// data is complete again.
    @discardableResult
    public func removeRecord(for key: CacheKey) -> Record? {
        noteBeforeChange([key])
        guard let removed = records.removeValue(forKey: key) else { return nil }
        contentVersion &+= 1
        totalSize -= removed.size
        noteUnsaved([key])
        notifyWatchers(of: [key])
        try? save()
        return Record(key: key, fields: removed.fields.mapValues(\.value.recordValue))
    }

    /// Removes one field of a record (for example `todos({"limit":10})` of `QUERY_ROOT`).
    public func removeField(_ storageKey: String, of key: CacheKey) {
        guard removeStoredField(storageKey, of: key) else { return }
        noteUnsaved([key])
        notifyWatchers(of: [key])
        try? save()
    }

    /// Removes every record, keeping watchers (they stay silent until data arrives again).
    public func removeAll() {
        let keys = Set(records.keys)
        noteBeforeChange(keys)
        records.removeAll()
        contentVersion &+= 1
        totalSize = 0
        noteUnsaved(keys)
        notifyWatchers(of: keys)
        try? save()
    }

    /// The keys of the stored records, sorted.
    public var recordKeys: [CacheKey] { records.keys.sorted() }

    /// The estimated bytes the records take, compared with ``RecordStoreConfiguration/memoryBudget``.
    public var estimatedSize: Int { totalSize }
}
