import GraphQLLanguage

/// The Swift types of GraphQL types: built-in and custom scalars, enums and input objects. It
/// records which enums and input objects the generated code uses, so only those are written.
struct SwiftTypeTable {
    /// Scalars every run knows: GraphQL's own and AWS AppSync's.
    static let builtInScalars: [String: String] = [
        "Int": "Int", "Float": "Double", "String": "String", "Boolean": "Bool", "ID": "String",
        "AWSDate": "Temporal.Date", "AWSTime": "Temporal.Time", "AWSDateTime": "Temporal.DateTime",
        "AWSTimestamp": "Int", "AWSEmail": "String", "AWSJSON": "String", "AWSURL": "String", "AWSPhone": "String",
        "AWSIPAddress": "String",
    ]

    let index: SchemaIndex
    private let scalars: [String: String]
    /// Enums used by any generated type.
    private(set) var usedEnums: Set<String> = []
    /// Input objects used by any variable (directly or through other input objects).
    private(set) var usedInputObjects: Set<String> = []

    init(index: SchemaIndex, configuredScalars: [String: String]) {
        self.index = index
        self.scalars = Self.builtInScalars.merging(configuredScalars) { _, configured in configured }
    }

    /// The Swift name of an enum or input object type (its GraphQL name unless reserved).
    func typeName(_ name: String) -> String {
        SwiftNames.reservedTypeNames.contains(name) || SwiftNames.keywords.contains(name) ? name + "Value" : name
    }

    // MARK: Output types

    /// The Swift type of a field: `leaf` is the nested struct's name for an object field.
    /// `forceOptional` makes a non-null field optional (it is under `@include`/`@skip`).
    mutating func outputType(_ type: TypeReference, leaf: String? = nil, forceOptional: Bool = false)
        -> (base: String, isOptional: Bool)
    {
        let base = outputBase(type.nullable, leaf: leaf)
        return (base, !type.isNonNull || forceOptional)
    }

    private mutating func outputBase(_ type: TypeReference, leaf: String?) -> String {
        switch type {
        case .named(let name): return leaf ?? leafType(name)
        case .list(let element): return "[" + outputElement(element, leaf: leaf) + "]"
        case .nonNull(let inner): return outputBase(inner, leaf: leaf)
        }
    }

    private mutating func outputElement(_ type: TypeReference, leaf: String?) -> String {
        if case .nonNull(let inner) = type { return outputBase(inner, leaf: leaf) }
        return outputBase(type, leaf: leaf) + "?"
    }

    /// A scalar's or enum's Swift type.
    private mutating func leafType(_ name: String) -> String {
        if index.type(named: name)?.kind == .enum {
            usedEnums.insert(name)
            return typeName(name)
        }
        return scalars[name] ?? "String"
    }

    // MARK: Input types

    /// The Swift type of a variable or input-object field, and its default in the initializer.
    /// Nullable inputs are `GraphQLNullable` (absent unless given); a non-null input with a
    /// default value is optional (left out unless given).
    mutating func inputType(_ type: TypeReference, hasDefault: Bool) -> (type: String, defaultValue: String?) {
        switch type {
        case .nonNull(let inner):
            let base = inputBase(inner)
            return hasDefault ? (base + "?", "nil") : (base, nil)
        default:
            return ("GraphQLNullable<" + inputBase(type) + ">", "nil")
        }
    }

    private mutating func inputBase(_ type: TypeReference) -> String {
        switch type {
        case .named(let name):
            guard let schemaType = index.type(named: name) else { return "String" }
            switch schemaType.kind {
            case .inputObject:
                useInputObject(name)
                return typeName(name)
            case .enum:
                usedEnums.insert(name)
                return typeName(name)
            default:
                return scalars[name] ?? "String"
            }
        case .list(let element):
            if case .nonNull(let inner) = element { return "[" + inputBase(inner) + "]" }
            return "[" + inputBase(element) + "?]"
        case .nonNull(let inner):
            return inputBase(inner)
        }
    }

    /// Records an input object and everything its fields use.
    private mutating func useInputObject(_ name: String) {
        guard usedInputObjects.insert(name).inserted, let type = index.type(named: name) else { return }
        for field in type.inputFields { _ = inputBase(field.type) }
    }
}
