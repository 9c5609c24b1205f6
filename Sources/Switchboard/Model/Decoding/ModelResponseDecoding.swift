import Foundation
import SwitchboardCore

/// The entry point the API plugin's decoder uses for the value at a request's decode path, so that
/// models, optional models and lists decode through their schemas (see ``ModelFieldsDecoder``)
/// and a list that is the whole result remembers the request for its next page.
package enum ModelResponseDecoding {
    /// Decodes `R` from `container[key]` when `R` is a model, an optional model, a `List` or an
    /// optional `List`; returns `nil` for any other type and for `null`, which decode as usual.
    /// Callers ask ``decodesThroughSchema(_:)`` first, once per request, so that plain types skip this.
    package static func decode<R, Key: CodingKey>(
        _ type: R.Type, in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> R?? {
        if let optional = R.self as? any OptionalModelResponse.Type {
            guard optional.wrappedIsModelResponse else { return nil }
            // A null decodes as usual.
            if try container.decodeNil(forKey: key) { return nil }
            guard let value = try decodeNonOptional(optional.wrappedType, in: container, forKey: key) else {
                return nil
            }
            return .some(optional.some(value) as? R)
        }
        guard let value = try decodeNonOptional(R.self, in: container, forKey: key) else { return nil }
        return .some(value as? R)
    }

    /// Whether `type` is a model, a `List` or an optional of either, decided once per type: every
    /// request asks, and most results are plain `Decodable` types that must not pay for models.
    package static func decodesThroughSchema(_ type: Any.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = schemaTypes.withLock({ $0[key] }) { return known }
        let decides: Bool
        if let optional = type as? any OptionalModelResponse.Type {
            decides = optional.wrappedIsModelResponse
        } else {
            decides = type is any Model.Type || type is any ResultListDecodable.Type
        }
        schemaTypes.withLock { $0[key] = decides }
        return decides
    }

    private static let schemaTypes = Locked<[ObjectIdentifier: Bool]>([:])

    private static func decodeNonOptional<Key: CodingKey>(
        _ type: Any.Type, in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Any? {
        if let listType = type as? any ResultListDecodable.Type {
            return try listType.decodeResult(from: container.superDecoder(forKey: key))
        }
        if let modelType = type as? any Model.Type {
            return try decodeModel(modelType, in: container, forKey: key)
        }
        return nil
    }

    private static func decodeModel<M: Model, Key: CodingKey>(
        _ type: M.Type, in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> M {
        try container.decode(ModelDecodingBox<M>.self, forKey: key).value
    }
}

/// `Optional`, seen from ``ModelResponseDecoding``.
protocol OptionalModelResponse {
    static var wrappedType: Any.Type { get }
    static var wrappedIsModelResponse: Bool { get }
    static func some(_ value: Any) -> Any?
}

extension Optional: OptionalModelResponse {
    static var wrappedType: Any.Type { Wrapped.self }
    static var wrappedIsModelResponse: Bool {
        Wrapped.self is any Model.Type || Wrapped.self is any ResultListDecodable.Type
    }
    static func some(_ value: Any) -> Any? {
        guard let wrapped = value as? Wrapped else { return nil }
        return Optional(wrapped) as Any
    }
}

/// A `List` that is the whole result of a request.
protocol ResultListDecodable {
    static var elementType: any Model.Type { get }
    static func decodeResult(from decoder: any Decoder) throws -> Any
}

extension List: ResultListDecodable {
    static var elementType: any Model.Type { ModelType.self }

    static func decodeResult(from decoder: any Decoder) throws -> Any {
        let (state, context) = try decodeState(from: decoder, association: nil, isResult: true)
        return List(state: state, context: context)
    }
}
