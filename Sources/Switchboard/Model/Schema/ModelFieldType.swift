/// The type of a model field, as generated files declare it with `ofType:`.
public indirect enum ModelFieldType: Sendable {
    /// `String` or `ID`.
    case string
    /// `Int`.
    case int
    /// `Float`.
    case double
    /// `AWSDate` (``Temporal/Date``).
    case date
    /// `AWSDateTime` (``Temporal/DateTime``).
    case dateTime
    /// `AWSTime` (``Temporal/Time``).
    case time
    /// `AWSTimestamp`: seconds since the epoch (`Int` or ``Temporal/Timestamp``).
    case timestamp
    /// `Boolean`.
    case bool
    /// A GraphQL enum.
    case `enum`(type: any EnumPersistable.Type)
    /// A non-model type, stored inside the model.
    case embedded(type: any (Codable & Sendable).Type, schema: ModelSchema?)
    /// A list of a non-model type or of scalars (`[String]`).
    case embeddedCollection(of: any (Codable & Sendable).Type, schema: ModelSchema?)
    /// Another model (`belongsTo`, `hasOne`).
    case model(name: ModelName)
    /// A list of another model (`hasMany`).
    case collection(of: ModelName)

    /// An association to `type`.
    public static func model(type: any Model.Type) -> ModelFieldType { .model(name: type.modelName) }

    /// A `hasMany` association to `type`.
    public static func collection(of type: any Model.Type) -> ModelFieldType { .collection(of: type.modelName) }

    /// An embedded value of `type` (with its schema when it is ``Embeddable``).
    public static func embedded(type: any (Codable & Sendable).Type) -> ModelFieldType {
        .embedded(type: type, schema: (type as? any Embeddable.Type)?.schema)
    }

    /// A list of embedded values or scalars of `type`.
    public static func embeddedCollection(of type: any (Codable & Sendable).Type) -> ModelFieldType {
        .embeddedCollection(of: type, schema: (type as? any Embeddable.Type)?.schema)
    }

    /// Whether the field holds a list.
    public var isArray: Bool {
        switch self {
        case .collection, .embeddedCollection: true
        default: false
        }
    }

    /// The GraphQL named type of a scalar or enum field (`ID` is decided by the caller).
    public var graphQLTypeName: String? {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .double: "Float"
        case .date: "AWSDate"
        case .dateTime: "AWSDateTime"
        case .time: "AWSTime"
        case .timestamp: "AWSTimestamp"
        case .bool: "Boolean"
        case .enum(let type): String(describing: type)
        case .embedded(let type, _), .embeddedCollection(let type, _):
            (type as? any Embeddable.Type).map { $0.schema.name } ?? Self.scalarName(of: type)
        case .model, .collection: nil
        }
    }

    private static func scalarName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "String"
        case is Int.Type: "Int"
        case is Double.Type: "Float"
        case is Bool.Type: "Boolean"
        default: String(describing: type)
        }
    }
}
