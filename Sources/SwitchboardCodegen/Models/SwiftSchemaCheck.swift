import GraphQLLanguage
import ModelTransform

/// What an `@model` schema may declare but the generated Swift cannot express. Names: a type that would shadow one the
/// generated code refers to (`List`, `Temporal`, `UUID`, the registration class, `model` — the
/// parameter of every schema closure), enum values that become the same Swift case, fields named
/// `self`, `Type` or like a type of the schema, and a field whose lazy-load storage (`_post`) is
/// another field. And a non-model type that contains itself, directly or through other non-model
/// types: an embedded value cannot hold an unbounded nesting of itself (a struct cannot contain
/// itself, a schema cannot be built from itself, a selection set cannot be infinite). Each is an
/// error at the declaration, so that nothing uncompilable is written.
struct SwiftSchemaCheck {
    /// The types and names the generated files use, which a schema type must not shadow.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "AuthRule", "Bool", "CodingKeys", "Decoder", "DefaultModelIdentifier", "Double", "Embeddable",
        "Encoder", "EnumPersistable", "FieldPath", "Foundation", "Int", "LazyReference", "List", "Model",
        "ModelIdentifiable", "ModelIdentifier", "ModelIdentifierFormat", "ModelKey", "ModelPath", "ModelRegistry",
        "ModelSchema", "Optional", "Path", "PropertyContainerPath", "Self", "String", "Switchboard", "Temporal", "UUID",
        "AmplifyModelRegistration", "model",
    ]

    /// Field names no Swift property can have.
    static let reservedFieldNames: Set<String> = ["self", "Self", "Type", "Protocol", "init"]

    let fileName: String?
    private(set) var errors: [ModelDiagnostic] = []

    init(fileName: String?) { self.fileName = fileName }

    mutating func check(_ catalog: ModelCatalog, options: ModelCodegenOptions) {
        let name = options.registryName
        let isIdentifier =
            name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if !isIdentifier || SwiftIdentifier.keywords.contains(name) {
            error("the registration class name \"\(name)\" is not a Swift type name", at: .unknown)
        }
        let reserved = Self.reservedTypeNames.union([options.registryName])
        let types: [(name: String, location: SourceLocation)] =
            catalog.models.map { ($0.name, $0.location) } + catalog.nonModelTypes.map { ($0.name, $0.location) }
            + catalog.enums.map { ($0.name, $0.location) }
        for type in types where reserved.contains(type.name) {
            let what = type.name == options.registryName ? "the registration class" : "a type the generated Swift uses"
            error(
                "type \(type.name) has the name of \(what), so the generated models would not compile; rename it",
                at: type.location)
        }
        for enumeration in catalog.enums {
            var seen: [String: String] = [:]
            for value in enumeration.values {
                let name = SwiftIdentifier.enumCase(value)
                if let first = seen[name] {
                    error(
                        "values \(first) and \(value) of enum \(enumeration.name) are both the Swift case \(name); "
                            + "rename one",
                        at: enumeration.location)
                }
                seen[name] = value
            }
        }
        let typeNames = Set(types.map(\.name))
        let fields =
            catalog.models.flatMap { model in model.fields.map { (model.name, $0) } }
            + catalog.nonModelTypes.flatMap { type in type.fields.map { (type.name, $0) } }
        for (owner, field) in fields {
            if Self.reservedFieldNames.contains(field.name) {
                error(
                    "field \(owner).\(field.name) cannot be a Swift property (\(field.name) always means the type or "
                        + "instance itself); rename it",
                    at: field.location)
            } else if typeNames.contains(field.name) {
                error(
                    "field \(owner).\(field.name) has the name of the type \(field.name), which the generated Swift "
                        + "could not tell apart from it; rename one",
                    at: field.location)
            }
        }
        checkEmbeddedCycles(catalog)
        guard options.isLazyLoad else { return }
        for model in catalog.models {
            let names = Set(model.fields.map(\.name))
            for field in model.fields where field.relationship != nil && names.contains("_" + field.name) {
                error(
                    "\(model.name) has fields \(field.name) and _\(field.name); the lazy-load form stores \(field.name) "
                        + "as _\(field.name), so rename one",
                    at: field.location)
            }
        }
    }

    /// Each non-model type that reaches itself through its embedded fields, reported at the first
    /// field of the cycle.
    private mutating func checkEmbeddedCycles(_ catalog: ModelCatalog) {
        var embedded: [String: [ModelField]] = [:]
        for type in catalog.nonModelTypes {
            embedded[type.name] = type.fields.filter {
                if case .embedded = $0.kind { return true }
                return false
            }
        }
        for type in catalog.nonModelTypes {
            for field in embedded[type.name] ?? [] {
                guard case .embedded(let start) = field.kind else { continue }
                var seen: Set<String> = []
                var pending = [start]
                var cycles = false
                while let name = pending.popLast() {
                    if name == type.name {
                        cycles = true
                        break
                    }
                    guard seen.insert(name).inserted else { continue }
                    for next in embedded[name] ?? [] {
                        if case .embedded(let nextType) = next.kind { pending.append(nextType) }
                    }
                }
                if cycles {
                    error(
                        "non-model type \(type.name) contains itself through \(type.name).\(field.name); embedded "
                            + "values cannot nest without end in Swift models, so make the nested type a @model with a "
                            + "relationship or break the cycle",
                        at: field.location)
                    break
                }
            }
        }
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        errors.append(ModelDiagnostic(severity: .error, message: message, location: location, fileName: fileName))
    }
}
