import GraphQLLanguage

/// The Swift type names of a run's operations and fragments, checked for clashes before
/// anything is generated: with each other, with the schema's enums and input objects, and with
/// the namespace.
struct TypeNames {
    /// Every top-level name generated code declares or refers to unqualified, which nested
    /// structs must avoid.
    let reserved: Set<String>

    /// `HeroAsDroid` query → `HeroAsDroidQuery`; `UserToDoListQuery` stays as it is.
    static func operationTypeName(_ name: String, kind: OperationType) -> String {
        let suffix = SwiftNames.capitalized(kind.rawValue)
        let capitalized = SwiftNames.capitalized(name)
        return capitalized.hasSuffix(suffix) ? capitalized : capitalized + suffix
    }

    func operationTypeName(_ operation: OperationDefinition) -> String {
        Self.operationTypeName(operation.name ?? "Anonymous", kind: operation.operation)
    }

    init(documents: DocumentSet, schema: Schema, configuration: CodegenConfiguration) throws(CodegenFailure) {
        var diagnostics: [CodegenDiagnostic] = []
        var declared: [String: SourceLocation] = [:]
        let types = SwiftTypeTable(index: SchemaIndex(schema), configuredScalars: configuration.scalars)
        let schemaNames = Set(
            schema.types.values.filter { $0.kind == .enum || $0.kind == .inputObject }.map { types.typeName($0.name) })
        func declare(_ name: String, at location: SourceLocation, what: String) {
            if let previous = declared[name] {
                diagnostics.append(
                    documents.diagnostic(
                        at: location, "\(what) generates the Swift type \(name), which is already generated"))
                diagnostics.append(
                    documents.diagnostic(at: previous, "\(name) is first generated here", severity: .note))
            } else if schemaNames.contains(name) {
                diagnostics.append(
                    documents.diagnostic(
                        at: location, "\(what) generates the Swift type \(name), the name of a schema type; rename it"))
            } else if name == configuration.namespace {
                diagnostics.append(
                    documents.diagnostic(
                        at: location, "\(what) generates the Swift type \(name), the namespace; rename it"))
            } else {
                declared[name] = location
            }
        }
        for definition in documents.document.definitions {
            switch definition {
            case .operation(let operation):
                guard let name = operation.name else {
                    diagnostics.append(
                        documents.diagnostic(
                            at: operation.location,
                            "an operation needs a name to be generated as a Swift type, e.g. `query HeroName { … }`"))
                    continue
                }
                declare(
                    Self.operationTypeName(name, kind: operation.operation), at: operation.location,
                    what: "\(operation.operation.rawValue) \(name)")
            case .fragment(let fragment):
                declare(fragment.name, at: fragment.location, what: "fragment \(fragment.name)")
            default:
                break
            }
        }
        guard diagnostics.isEmpty else { throw CodegenFailure(diagnostics) }
        var reserved = Set(declared.keys).union(schemaNames).union(declared.keys.map { $0 + "_Key" })
        if let namespace = configuration.namespace { reserved.insert(namespace) }
        for swiftType in Array(SwiftTypeTable.builtInScalars.values) + Array(configuration.scalars.values) {
            if let module = swiftType.split(separator: ".").first { reserved.insert(String(module)) }
        }
        self.reserved = reserved
    }
}
