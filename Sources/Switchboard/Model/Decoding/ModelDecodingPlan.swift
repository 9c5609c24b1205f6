import Synchronization

/// What decoding one model type needs from its schema, computed once per type: reading
/// `M.schema` copies the whole schema, which would cost more than decoding a small model.
final class ModelDecodingPlan: Sendable {
    struct Association: Sendable {
        let name: String
        let isHasMany: Bool
        let associatedFieldNames: [String]
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
                associatedFieldNames: $0.association?.associatedFieldNames ?? [])
        }
        associationNames = associations.map(\.name)
        primaryKeyFieldNames = schema.primaryKeyFieldNames
        singlePrimaryKeyFieldName = primaryKeyFieldNames.count == 1 ? primaryKeyFieldNames[0] : nil
        valueKinds = Mutex(Array(repeating: nil, count: associations.count))
    }

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
        valueKinds.withLock { $0[index] = kind }
        return kind
    }

    /// The last declared type seen per association (indexed like ``associations``) and how it
    /// decodes: asking the runtime for a conformance on every model costs more than the field.
    private let valueKinds: Mutex<[AssociationValueKind?]>

    private static let plans = Mutex<[ObjectIdentifier: ModelDecodingPlan]>([:])

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
        for index in associationNames.indices where associationNames[index] == name { return associations[index] }
        return nil
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
