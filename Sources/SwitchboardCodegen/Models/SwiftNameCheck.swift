import GraphQLLanguage
import ModelTransform

/// Names an `@model` schema may use but the generated Swift cannot: a type that would shadow one the
/// generated code refers to (`List`, `Temporal`, `UUID`, the registration class…), enum values that
/// become the same Swift case, and a field whose lazy-load storage (`_post`) is another field.
/// Each is an error at the declaration, so that nothing uncompilable is written.
struct SwiftNameCheck {
    /// The types the generated files name, which a schema type must not shadow.
    static let reservedTypeNames: Set<String> = [
        "Any", "Array", "AuthRule", "Bool", "CodingKeys", "Decoder", "DefaultModelIdentifier", "Double", "Embeddable",
        "Encoder", "EnumPersistable", "FieldPath", "Foundation", "Int", "LazyReference", "List", "Model",
        "ModelIdentifiable", "ModelIdentifier", "ModelIdentifierFormat", "ModelKey", "ModelPath", "ModelRegistry",
        "ModelSchema", "Optional", "Path", "PropertyContainerPath", "Self", "String", "Switchboard", "Temporal", "UUID",
        "AmplifyModelRegistration",
    ]

    let fileName: String?
    private(set) var errors: [ModelDiagnostic] = []

    init(fileName: String?) { self.fileName = fileName }

    mutating func check(_ catalog: ModelCatalog, options: ModelCodegenOptions) {
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

    private mutating func error(_ message: String, at location: SourceLocation) {
        errors.append(ModelDiagnostic(severity: .error, message: message, location: location, fileName: fileName))
    }
}
