import Foundation

/// Decodes one model through its schema, so that a `hasMany` field the response does not contain
/// still becomes a not-loaded ``List`` (the parent's key values plus the association), which
/// loads on first use. Every other call goes straight to the underlying decoder.
///
/// Generated models decode their fields with `decodeIfPresent(List<Comment>.self, forKey: .comments)`,
/// which returns `nil` for a missing key; this decoder answers for the association instead.
struct ModelFieldsDecoder: Decoder {
    let base: any Decoder
    let plan: ModelDecodingPlan

    init(base: any Decoder, type: any Model.Type) {
        self.base = base
        self.plan = ModelDecodingPlan.of(type)
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let container = try base.container(keyedBy: type)
        guard !plan.associations.isEmpty else { return container }
        return KeyedDecodingContainer(ModelFieldsContainer(base: container, plan: plan, decoder: base))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try base.unkeyedContainer() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { try base.singleValueContainer() }
}

/// Decodes `M` through ``ModelFieldsDecoder`` wherever a plain `Decodable` is expected.
struct ModelDecodingBox<M: Model>: Decodable {
    let value: M

    init(from decoder: any Decoder) throws {
        // A marked body already says where the model's lists are (see NotLoadedListMarking).
        if ModelDecodingSession.current?.usesListMarkers == true {
            value = try M(from: decoder)
        } else {
            value = try M(from: ModelFieldsDecoder(base: decoder, type: M.self))
        }
    }
}

/// The keyed container of a model with associations: forwards everything, answers for missing
/// `hasMany` fields, and decodes nested models and lists through the schema.
///
/// A class, because unspecialized generic code copies a struct container on every call; the
/// container is created and used by one model's `init(from:)` on one thread. Generic over the base
/// container's own type (not only its key) so that forwarding a call finds the base's type in this
/// class's generic arguments instead of looking up `KeyedDecodingContainer<Key>`'s metadata each time.
private final class ModelFieldsContainer<Base: KeyedDecodingContainerProtocol>: KeyedDecodingContainerProtocol {
    typealias Key = Base.Key

    let base: Base
    let plan: ModelDecodingPlan
    let decoder: any Decoder
    /// The value of the single primary-key field once the model has decoded it as a string or an
    /// integer: the same value ``decodeKeyValue(forKey:)`` would read again.
    private var primaryKeyValue: JSONValue?

    init(base: Base, plan: ModelDecodingPlan, decoder: any Decoder) {
        self.base = base
        self.plan = plan
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { base.codingPath }
    var allKeys: [Key] { base.allKeys }

    private func association(_ key: Key) -> ModelDecodingPlan.Association? {
        plan.association(named: key.stringValue)
    }

    /// Whether `key` names an association: the check every forwarded field makes, without copying
    /// the association out of the plan.
    private func isAssociation(_ key: Key) -> Bool {
        plan.isAssociation(named: key.stringValue)
    }

    func contains(_ key: Key) -> Bool {
        if base.contains(key) { return true }
        return association(key)?.isHasMany ?? false
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if !base.contains(key), association(key)?.isHasMany == true { return false }
        return try base.decodeNil(forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try base.decode(type, forKey: key)
        if isSinglePrimaryKey(key) { primaryKeyValue = .string(value) }
        return value
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try base.decode(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try base.decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        let value = try base.decode(type, forKey: key)
        if isSinglePrimaryKey(key) { primaryKeyValue = .number(Double(value)) }
        return value
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        let value = try base.decodeIfPresent(type, forKey: key)
        if let value, isSinglePrimaryKey(key) { primaryKeyValue = .string(value) }
        return value
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try base.decodeIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        let value = try base.decodeIfPresent(type, forKey: key)
        if let value, isSinglePrimaryKey(key) { primaryKeyValue = .number(Double(value)) }
        return value
    }

    /// Whether `key` is the model's only primary-key field.
    private func isSinglePrimaryKey(_ key: Key) -> Bool {
        guard let name = plan.singlePrimaryKeyFieldName else { return false }
        return key.stringValue == name
    }

    // The association branches live in their own functions so that a forwarded field runs no more
    // than the name check and the base call (no metadata lookups for the branches' types).
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard isAssociation(key) else { return try base.decode(type, forKey: key) }
        return try decodeAssociationField(type, forKey: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard isAssociation(key) else { return try base.decodeIfPresent(type, forKey: key) }
        return try decodeAssociationFieldIfPresent(type, forKey: key)
    }

    @inline(never)
    private func decodeAssociationField<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let index = plan.associationIndex(named: key.stringValue),
            let value = try decodeAssociation(type, index: index, isPresent: base.contains(key), forKey: key)
        {
            return value
        }
        return try base.decode(type, forKey: key)
    }

    @inline(never)
    private func decodeAssociationFieldIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = plan.associationIndex(named: key.stringValue) else {
            return try base.decodeIfPresent(type, forKey: key)
        }
        let isPresent = base.contains(key)
        if isPresent, try base.decodeNil(forKey: key) { return nil }
        if let value = try decodeAssociation(type, index: index, isPresent: isPresent, forKey: key) { return value }
        return try base.decodeIfPresent(type, forKey: key)
    }

    /// Lists (missing or present) and nested models of an association field; `nil` for anything
    /// else (such as a `LazyReference`, which decodes itself).
    private func decodeAssociation<T>(_ type: T.Type, index: Int, isPresent: Bool, forKey key: Key) throws -> T? {
        let kind = plan.valueKind(of: T.self, association: index)
        if let listType = kind.listType {
            let reference = ListAssociationReference(
                parentIdentifiers: try parentIdentifiers(),
                associatedFieldNames: plan.associations[index].associatedFieldNames)
            if isPresent {
                return try listType.decodeAssociated(from: base.superDecoder(forKey: key), association: reference) as? T
            }
            return listType.notLoaded(association: reference, context: ModelRequestContext.of(decoder)) as? T
        }
        if let modelType = kind.modelType, isPresent {
            return try decodeModel(modelType, forKey: key) as? T
        }
        return nil
    }

    private func decodeModel<M: Model>(_ type: M.Type, forKey key: Key) throws -> M {
        try base.decode(ModelDecodingBox<M>.self, forKey: key).value
    }

    /// The parent's primary-key values: remembered from the model's own decode, or read again from
    /// the response object.
    private func parentIdentifiers() throws -> [JSONValue] {
        if let primaryKeyValue { return [primaryKeyValue] }
        return try plan.primaryKeyFieldNames.map { name in
            guard let key = Key(stringValue: name), base.contains(key) else { return .null }
            return try base.decodeKeyValue(forKey: key)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try base.nestedContainer(keyedBy: type, forKey: key)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try base.nestedUnkeyedContainer(forKey: key)
    }

    func superDecoder() throws -> any Decoder { try base.superDecoder() }

    func superDecoder(forKey key: Key) throws -> any Decoder { try base.superDecoder(forKey: key) }
}

/// `List` and `List?`, which a model's `hasMany` field may be declared as.
protocol AssociatedListDecodable: Sendable {
    static func notLoaded(association: ListAssociationReference, context: ModelRequestContext?) -> Self
    static func decodeAssociated(from decoder: any Decoder, association: ListAssociationReference) throws -> Self
}

extension List: AssociatedListDecodable {
    static func notLoaded(association: ListAssociationReference, context: ModelRequestContext?) -> Self {
        Self(notLoaded: association, context: context)
    }

    static func decodeAssociated(from decoder: any Decoder, association: ListAssociationReference) throws -> Self {
        let (state, context) = try decodeState(from: decoder, association: association)
        return Self(state: state, context: context)
    }
}

extension Optional: AssociatedListDecodable where Wrapped: AssociatedListDecodable {
    static func notLoaded(association: ListAssociationReference, context: ModelRequestContext?) -> Self {
        .some(Wrapped.notLoaded(association: association, context: context))
    }

    static func decodeAssociated(from decoder: any Decoder, association: ListAssociationReference) throws -> Self {
        if try decoder.singleValueContainer().decodeNil() { return nil }
        return .some(try Wrapped.decodeAssociated(from: decoder, association: association))
    }
}
