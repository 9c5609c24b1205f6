import GraphQLLanguage
import ModelTransform

/// Amplify's type mapping for Swift models: GraphQL and AppSync scalars to Swift types, schema
/// `ofType:` values and `ModelPath` helpers.
enum SwiftTypeMapping {
    /// The Swift type of one value of a scalar: `ID` and the AppSync string scalars are `String`,
    /// `Float` is `Double`, `AWSTimestamp` is `Int`, `AWSDate`/`AWSTime`/`AWSDateTime` are `Temporal.*`.
    static func swiftType(of scalar: ModelScalar) -> String {
        switch scalar {
        case .id, .string, .awsEmail, .awsJSON, .awsURL, .awsPhone, .awsIPAddress: return "String"
        case .int, .awsTimestamp: return "Int"
        case .float: return "Double"
        case .boolean: return "Bool"
        case .awsDate: return "Temporal.Date"
        case .awsTime: return "Temporal.Time"
        case .awsDateTime: return "Temporal.DateTime"
        }
    }

    /// The `ofType:` of a single scalar (`.string`, `.dateTime`, …).
    static func fieldType(of scalar: ModelScalar) -> String {
        switch scalar {
        case .id, .string, .awsEmail, .awsJSON, .awsURL, .awsPhone, .awsIPAddress: return ".string"
        case .int: return ".int"
        case .awsTimestamp: return ".timestamp"
        case .float: return ".double"
        case .boolean: return ".bool"
        case .awsDate: return ".date"
        case .awsTime: return ".time"
        case .awsDateTime: return ".dateTime"
        }
    }

    /// The Swift type of one value of a field kind (the element type for lists).
    static func swiftType(of kind: ModelField.Kind) -> String {
        switch kind {
        case .scalar(let scalar): return swiftType(of: scalar)
        case .enumeration(let name), .embedded(let name), .model(let name): return name
        }
    }

    /// The `ModelPath` helper that makes a `FieldPath` of a Swift type (`string`, `int`, `datetime`, …),
    /// or `nil` for types Amplify gives no path (enums and embedded types).
    static func pathHelper(of kind: ModelField.Kind) -> String? {
        guard case .scalar(let scalar) = kind else { return nil }
        switch swiftType(of: scalar) {
        case "String": return "string"
        case "Int": return "int"
        case "Double": return "double"
        case "Bool": return "bool"
        case "Temporal.Date": return "date"
        case "Temporal.DateTime": return "datetime"
        case "Temporal.Time": return "time"
        default: return nil
        }
    }

    /// The Swift literal of a `@default(value:)` for a field of `kind`, or `nil` when the value has no
    /// literal form (temporal scalars) and the initializer keeps the parameter required.
    static func defaultLiteral(_ value: String, kind: ModelField.Kind) -> String? {
        switch kind {
        case .enumeration: return "." + SwiftIdentifier.enumCase(value)
        case .scalar(let scalar):
            switch scalar {
            case .id, .string, .awsEmail, .awsJSON, .awsURL, .awsPhone, .awsIPAddress:
                return SwiftIdentifier.stringLiteral(value)
            case .int, .awsTimestamp: return Int(value).map(String.init)
            case .float: return Double(value).flatMap { $0.isFinite ? "\($0)" : nil }
            case .boolean: return value == "true" || value == "false" ? value : nil
            case .awsDate, .awsTime, .awsDateTime: return nil
            }
        case .embedded, .model: return nil
        }
    }
}
