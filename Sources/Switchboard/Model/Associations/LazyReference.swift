import Foundation
import SwitchboardCore

/// One name and value of a lazy reference's identifier.
public struct LazyReferenceIdentifier: Codable, Sendable, Hashable {
    /// The key field's name.
    public let name: String
    /// The key value as text.
    public let value: String

    /// Creates an identifier part.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The `belongsTo`/`hasOne` model in the lazy-load form of generated models: either loaded, or
/// the target's key values, loaded with one `get` query on ``get()``.
///
/// ```swift
/// let post = try await comment.post   // generated accessor: try await _post.get()
/// ```
public final class LazyReference<ModelType: Model>: Codable, Sendable {
    enum LoadState: Sendable {
        /// The target's key values, or `nil` when there is no target.
        case notLoaded(identifiers: [String: JSONValue]?)
        case loaded(ModelType?)
    }

    let state: Locked<LoadState>
    let context: ModelRequestContext?

    init(state: LoadState, context: ModelRequestContext?) {
        self.state = Locked(state)
        self.context = context
    }

    /// A loaded reference to `reference` (or to nothing).
    public init(_ reference: ModelType?) {
        state = Locked(.loaded(reference))
        context = nil
    }

    /// A not-loaded reference to the model with these key values (or to nothing when `nil`).
    public init(identifiers: [LazyReferenceIdentifier]?) {
        let values = identifiers.map { parts in
            Dictionary(parts.map { ($0.name, JSONValue.string($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
        state = Locked(.notLoaded(identifiers: values))
        context = nil
    }

    /// The key values of the target, loaded or not.
    public var identifiers: [LazyReferenceIdentifier]? {
        let values: [String: JSONValue]?
        switch state.withLock({ $0 }) {
        case .notLoaded(let identifiers): values = identifiers
        case .loaded(let model): values = model.flatMap { try? $0.identifierValues() }
        }
        guard let values else { return nil }
        return ModelType.schema.primaryKeyFieldNames.compactMap { name in
            values[name].map { LazyReferenceIdentifier(name: name, value: ModelIdentifierText.string(from: [$0])) }
        }
    }

    /// The target, loading it with one `get` query the first time; `nil` when there is none.
    public func get() async throws -> ModelType? {
        let identifiers: [String: JSONValue]
        switch state.withLock({ $0 }) {
        case .loaded(let model): return model
        case .notLoaded(nil): return nil
        case .notLoaded(let values?): identifiers = values
        }
        let request = ModelRequestBuilder.getRequest(
            for: ModelType.self, identifier: identifiers, apiName: context?.apiName, authMode: context?.authMode)
        let runner = context ?? ModelRequestContext(apiName: nil, authMode: nil, page: nil, plugin: nil)
        switch try await runner.query(request) {
        case .success(let model):
            state.withLock { $0 = .loaded(model) }
            return model
        case .failure(let failure):
            throw ModelError.loadFailed(model: ModelType.modelName, reason: failure.errorDescription)
        }
    }

    /// The target; throws ``ModelError/missingReference(model:identifiers:)`` when there is none.
    public func require() async throws -> ModelType {
        guard let model = try await get() else {
            let text = identifiers?.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") ?? "none"
            throw ModelError.missingReference(model: ModelType.modelName, identifiers: text)
        }
        return model
    }

    /// Decodes the nested object of a response: an object with none of the model's other fields
    /// (only its key, perhaps `__typename`) makes a not-loaded reference, one with any of them a
    /// loaded one.
    public convenience init(from decoder: any Decoder) throws {
        let context = ModelRequestContext.of(decoder)
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self.init(state: .notLoaded(identifiers: nil), context: context)
            return
        }
        let container = try decoder.container(keyedBy: DynamicModelKey.self)
        let plan = ModelDecodingPlan.of(ModelType.self)
        let keyNames = plan.primaryKeyFieldNames
        // A lookup per schema field rather than `allKeys`, which JSONDecoder rebuilds on every call
        // and which cost more than the rest of this initializer.
        let onlyKeys = !plan.otherFieldNames.contains { container.contains(DynamicModelKey($0)) }
        if onlyKeys {
            var identifiers: [String: JSONValue] = [:]
            for name in keyNames {
                identifiers[name] = try container.decodeKeyValue(forKey: DynamicModelKey(name))
            }
            self.init(state: .notLoaded(identifiers: identifiers), context: context)
        } else {
            let model = try ModelDecodingBox<ModelType>(from: decoder).value
            self.init(state: .loaded(model), context: context)
        }
    }

    /// A loaded reference encodes its model; a not-loaded one the key values.
    public func encode(to encoder: any Encoder) throws {
        switch state.withLock({ $0 }) {
        case .loaded(let model?): try model.encode(to: encoder)
        case .loaded(nil), .notLoaded(nil):
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .notLoaded(let identifiers?):
            var container = encoder.singleValueContainer()
            try container.encode(identifiers)
        }
    }
}

/// A coding key made from any string.
struct DynamicModelKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
