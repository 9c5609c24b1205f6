import ModelTransform

/// A key schema: the partition key field and the sort-key fields (several are stored as one
/// `#`-joined string, as Amplify's composite keys are).
struct KeySchema: Sendable, Hashable {
    /// The partition key field.
    var partitionField: String
    /// The sort-key fields, in order.
    var sortFields: [String]

    /// Whether the schema has a sort key.
    var hasSort: Bool { !sortFields.isEmpty }

    /// The sort key value of `item`: the field's value, or the `#`-joined values of several;
    /// `nil` when a sort field is missing (or there is no sort key).
    func sortValue(of item: JSONObject) -> JSON? {
        guard hasSort else { return nil }
        if sortFields.count == 1 { return item[sortFields[0]].flatMap { $0.isNull ? nil : $0 } }
        var parts: [String] = []
        for field in sortFields {
            guard let value = item[field], !value.isNull else { return nil }
            parts.append(KeyOrder.keyText(value))
        }
        return .string(parts.joined(separator: "#"))
    }

    /// The key of `item` under this schema; `nil` when the item lacks a key attribute (it is
    /// then not in an index with this schema).
    func key(of item: JSONObject) -> ItemKey? {
        guard let partition = item[partitionField], !partition.isNull else { return nil }
        let sort = sortValue(of: item)
        if hasSort && sort == nil { return nil }
        return ItemKey(partition: partition, sort: sort)
    }
}

/// How one model is stored: its primary key, its indexes and the storage class of each field.
struct TableLayout: Sendable {
    /// How a field's values are kept.
    enum Storage: Sendable, Hashable {
        /// Strings, IDs, enums and AppSync string scalars.
        case text
        /// `Int` and `AWSTimestamp`.
        case integer
        /// `Float`.
        case real
        /// `Boolean`.
        case boolean
        /// Lists, non-model objects and `AWSJSON`: JSON text.
        case json
    }

    /// A stored field.
    struct Field: Sendable, Hashable {
        var name: String
        var storage: Storage
    }

    /// The model (and table) name.
    var name: String
    /// The primary key.
    var primaryKey: KeySchema
    /// The secondary indexes by name, in the model's order.
    var indexes: [(name: String, key: KeySchema)]
    /// The stored fields (relationship fields are not stored).
    var fields: [Field]

    /// The layout of a model of the catalog.
    init(model: Model) {
        name = model.name
        primaryKey = KeySchema(
            partitionField: model.primaryKey.partitionKey, sortFields: model.primaryKey.sortKeyFields)
        indexes = model.indexes.map {
            ($0.name, KeySchema(partitionField: $0.partitionKey, sortFields: $0.sortKeyFields))
        }
        fields = model.fields.compactMap { field in
            guard let storage = Self.storage(of: field) else { return nil }
            return Field(name: field.name, storage: storage)
        }
    }

    static func storage(of field: ModelField) -> Storage? {
        if field.isList {
            if case .model = field.kind { return nil }
            return .json
        }
        switch field.kind {
        case .model: return nil
        case .embedded: return .json
        case .enumeration: return .text
        case .scalar(let scalar):
            switch scalar {
            case .int, .awsTimestamp: return .integer
            case .float: return .real
            case .boolean: return .boolean
            case .awsJSON: return .json
            default: return .text
            }
        }
    }

    /// The key schema of `index`, or the primary key for `nil`; `nil` for an unknown index.
    func keySchema(index: String?) -> KeySchema? {
        guard let index else { return primaryKey }
        return indexes.first { $0.name == index }?.key
    }

    /// The cursor of `item` in a read of `index`: the index key, then (for indexes) the primary
    /// key, which breaks ties between items with equal index keys.
    func cursor(of item: JSONObject, index: String?) -> [JSON] {
        var cursor: [JSON] = []
        if let index, let schema = keySchema(index: index) {
            cursor.append(item[schema.partitionField] ?? .null)
            if schema.hasSort { cursor.append(schema.sortValue(of: item) ?? .null) }
        }
        cursor.append(item[primaryKey.partitionField] ?? .null)
        if primaryKey.hasSort { cursor.append(primaryKey.sortValue(of: item) ?? .null) }
        return cursor
    }
}

extension JSON {
    /// Roughly the bytes DynamoDB would count for this value (for the 1 MB page limit).
    var approximateSize: Int {
        switch self {
        case .null, .bool: return 1
        case .int, .double: return 8
        case .string(let text): return text.utf8.count
        case .array(let elements): return elements.reduce(3) { $0 + $1.approximateSize + 1 }
        case .object(let object): return object.approximateSize
        }
    }
}

extension JSONObject {
    /// Roughly the bytes DynamoDB would count for this item: names and values.
    var approximateSize: Int {
        var size = 3
        for (key, value) in self { size += key.utf8.count + value.approximateSize + 1 }
        return size
    }
}
