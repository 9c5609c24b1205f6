import SwitchboardCore

/// What decoding one model type needs from its schema, computed once per type: reading
/// `M.schema` copies the whole schema, which would cost more than decoding a small model.
final class ModelDecodingPlan: Sendable {
    struct Association: Sendable {
        let name: String
        let isHasMany: Bool
        let associatedFieldNames: [String]
        /// The associated model, when the schema names one that resolves.
        let modelType: (any Model.Type)?
    }

    let associations: [Association]
    /// The association names alone, scanned for every field a model decodes.
    let associationNames: [String]
    let primaryKeyFieldNames: [String]
    /// The primary-key field when there is exactly one, so that its value can be remembered while
    /// the model decodes it instead of being read again for every not-loaded list.
    let singlePrimaryKeyFieldName: String?

    private init(schema: ModelSchema) {
        associations = schema.associationFields.map {
            Association(
                name: $0.name, isHasMany: $0.association?.isHasMany ?? false,
                associatedFieldNames: $0.association?.associatedFieldNames ?? [], modelType: $0.associatedModel)
        }
        associationNames = associations.map(\.name)
        primaryKeyFieldNames = schema.primaryKeyFieldNames
        singlePrimaryKeyFieldName = primaryKeyFieldNames.count == 1 ? primaryKeyFieldNames[0] : nil
        primaryKeyNameBytes = primaryKeyFieldNames.map { Array($0.utf8) }
        let keyNames = Set(primaryKeyFieldNames)
        otherFieldNames = schema.declaredFields.map(\.name).filter { !keyNames.contains($0) }
        otherFieldNameBytes = otherFieldNames.map { Array($0.utf8) }
        associationNameBytes = associationNames.map { Array($0.utf8) }
        markingKeyLengths = (primaryKeyNameBytes + associationNameBytes).reduce(0) { mask, name in
            mask | (name.count < 64 ? 1 << UInt64(name.count) : 0)
        }
        let associations = self.associations
        hasManyIndices = associations.indices.filter { associations[$0].isHasMany }
        // Marking writes the names into JSON unescaped, and tracks the keys seen in a 64-bit mask.
        canMarkLists =
            associations.count <= 64
            && associationNameBytes.allSatisfy { name in !name.isEmpty && name.allSatisfy(\.isNameByte) }
        valueKinds = Locked(Array(repeating: nil, count: associations.count))
        listsConfirmed = Locked(hasManyIndices.isEmpty)
    }

    /// The primary-key field names as JSON key bytes.
    let primaryKeyNameBytes: [[UInt8]]
    /// The schema's fields that are not part of the primary key: a nested object with none of them
    /// is a reference (its key alone), one with any of them a model.
    let otherFieldNames: [String]
    /// ``otherFieldNames`` as JSON key bytes.
    let otherFieldNameBytes: [[UInt8]]
    /// The association names as JSON key bytes, indexed like ``associations``.
    let associationNameBytes: [[UInt8]]
    /// Bit `n` is set when a key or association name is `n` bytes long (names of 64 bytes or more
    /// are always compared).
    let markingKeyLengths: UInt64
    /// The positions of the `hasMany` associations in ``associations``.
    let hasManyIndices: [Int]
    /// Whether the association names can be written into a body as they are.
    let canMarkLists: Bool

    /// Whether every `hasMany` field of the model type has been seen declared as a `List` (or an
    /// optional one), so that a marked body decodes it: a field declared as, say, `[Comment]?`
    /// cannot read a marker. Learnt from the model's decodes through ``ModelFieldsDecoder``.
    var hasManyFieldsDecodeAsLists: Bool { listsConfirmed.withLock { $0 } }

    private let listsConfirmed: Locked<Bool>

    /// The index of the association named `name` (a short scan of string compares).
    func associationIndex(named name: String) -> Int? {
        associationNames.firstIndex(of: name)
    }

    /// How a field of type `type` at association `index` decodes, cached for the last type seen.
    func valueKind(of type: Any.Type, association index: Int) -> AssociationValueKind {
        let identifier = ObjectIdentifier(type)
        if let kind = valueKinds.withLock({ $0[index] }), kind.type == identifier { return kind }
        let kind = AssociationValueKind(
            type: identifier, listType: type as? any AssociatedListDecodable.Type, modelType: type as? any Model.Type)
        let confirmed = valueKinds.withLock { kinds in
            kinds[index] = kind
            return hasManyIndices.allSatisfy { kinds[$0]?.listType != nil }
        }
        listsConfirmed.withLock { $0 = confirmed }
        return kind
    }

    /// The last declared type seen per association (indexed like ``associations``) and how it
    /// decodes: asking the runtime for a conformance on every model costs more than the field.
    private let valueKinds: Locked<[AssociationValueKind?]>

    private static let plans = Locked<[ObjectIdentifier: ModelDecodingPlan]>([:])

    /// The plan of `type`, built on first use.
    static func of(_ type: any Model.Type) -> ModelDecodingPlan {
        let key = ObjectIdentifier(type)
        if let plan = plans.withLock({ $0[key] }) { return plan }
        let plan = ModelDecodingPlan(schema: type.schema)
        plans.withLock { $0[key] = plan }
        return plan
    }

    /// The association named `name` (a short scan of string compares).
    func association(named name: String) -> Association? {
        associationIndex(named: name).map { associations[$0] }
    }

    /// Whether an association is named `name`.
    func isAssociation(named name: String) -> Bool {
        associationNames.contains(name)
    }
}

/// What an association field's declared type is, as far as decoding through the schema goes.
struct AssociationValueKind: Sendable {
    let type: ObjectIdentifier
    let listType: (any AssociatedListDecodable.Type)?
    let modelType: (any Model.Type)?
}

extension KeyedDecodingContainerProtocol {
    /// A key value (primary or foreign key): strings and integers without the cost of trying
    /// every JSON kind in turn.
    func decodeKeyValue(forKey key: Key) throws -> JSONValue {
        if let text = try? decode(String.self, forKey: key) { return .string(text) }
        if let number = try? decode(Int.self, forKey: key) { return .number(Double(number)) }
        return try decode(JSONValue.self, forKey: key)
    }
}

extension UInt8 {
    /// A byte of a GraphQL name (`[_A-Za-z0-9]`), which JSON needs no escape for.
    fileprivate var isNameByte: Bool {
        (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
            || self == 0x5F
    }
}
