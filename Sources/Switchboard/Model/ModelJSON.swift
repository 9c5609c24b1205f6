import Foundation

/// A model's fields as JSON, as its `Encodable` conformance writes them (enums as raw values,
/// temporal values as text, associations as nested objects).
enum ModelJSON {
    static func fields(of model: some Model) throws -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONValue(encoding: model)
        } catch {
            throw ModelError.encodingFailed(model: type(of: model).modelName, underlying: "\(error)")
        }
        guard case .object(let members) = value else {
            throw ModelError.encodingFailed(
                model: type(of: model).modelName, underlying: "it encodes to a JSON \(value.kindDescription)")
        }
        return members
    }
}

/// A model-layer failure: a model that cannot be encoded, an association that cannot be resolved,
/// a list or reference that cannot load.
public enum ModelError: Error, Sendable, CustomStringConvertible {
    /// The model's `Encodable` conformance failed or did not produce a JSON object.
    case encodingFailed(model: String, underlying: String)
    /// An association's model type is neither captured in the schema nor registered.
    case unresolvedAssociation(model: String, field: String)
    /// A lazy list or reference has no API to load from.
    case noAPI(String)
    /// The load query returned GraphQL errors or could not be decoded.
    case loadFailed(model: String, reason: String)
    /// `LazyReference.require()` found no model.
    case missingReference(model: String, identifiers: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .encodingFailed(let model, let underlying):
            "The model \(model) could not be encoded for a request: \(underlying). Check its Encodable conformance."
        case .unresolvedAssociation(let model, let field):
            "The association \(model).\(field) names a model that is not known. Register the models with "
                + "ModelRegistry.register(AmplifyModels()) or declare the association with ofType: Model.self."
        case .noAPI(let detail):
            "Cannot load: \(detail). Configure Switchboard with an API plugin."
        case .loadFailed(let model, let reason):
            "Loading \(model) failed: \(reason)"
        case .missingReference(let model, let identifiers):
            "The required \(model) with identifier \(identifiers) does not exist."
        }
    }
}
