import GraphQLLanguage

/// The AppSync schema being assembled: definitions in the order they were first added (Amplify
/// appends each type the first time a transformer needs it), with type definitions editable by name.
struct OutputDefinitions {
    private(set) var definitions: [Definition] = []
    private var positions: [String: Int] = [:]
    /// Types copied from the source schema, and the generated names that ran into one of them.
    private var sourceTypeNames: Set<String> = []
    private(set) var collisions: [(generated: String, source: TypeDefinition)] = []
    /// Root fields generated twice (two models whose operations have the same name).
    private(set) var duplicateRootFields: [(root: String, field: String)] = []

    func contains(_ name: String) -> Bool { positions[name] != nil }

    /// Appends a definition; a type whose name is already present is left as it is.
    mutating func add(_ definition: Definition) {
        if case .type(let type) = definition {
            guard positions[type.name] == nil else { return }
            positions[type.name] = definitions.count
        }
        definitions.append(definition)
    }

    /// Appends a generated type; running into a source type of the same name is recorded as a collision.
    mutating func add(_ type: TypeDefinition) {
        if sourceTypeNames.contains(type.name), let existing = self.type(named: type.name),
            !collisions.contains(where: { $0.generated == type.name })
        {
            collisions.append((type.name, existing))
        }
        add(.type(type))
    }

    /// Appends a definition copied from the source schema.
    mutating func addSource(_ definition: Definition) {
        if case .type(let type) = definition { sourceTypeNames.insert(type.name) }
        add(definition)
    }

    /// Edits the type called `name`, if present.
    mutating func update(_ name: String, _ body: (inout TypeDefinition) -> Void) {
        guard let position = positions[name], case .type(var type) = definitions[position] else { return }
        body(&type)
        definitions[position] = .type(type)
    }

    func type(named name: String) -> TypeDefinition? {
        guard let position = positions[name], case .type(let type) = definitions[position] else { return nil }
        return type
    }

    /// Appends fields to a root type, creating it (with no fields yet) when absent.
    mutating func addRootFields(_ rootName: String, _ fields: [FieldDefinition]) {
        guard !fields.isEmpty else { return }
        if !contains(rootName) { add(TypeDefinition(kind: .object, name: rootName)) }
        var duplicates: [String] = []
        update(rootName) { root in
            for field in fields {
                if root.fields.contains(where: { $0.name == field.name }) {
                    duplicates.append(field.name)
                } else {
                    root.fields.append(field)
                }
            }
        }
        duplicateRootFields += duplicates.map { (rootName, $0) }
    }

    /// Adds directives without arguments to a type, skipping those it already has.
    mutating func addDirectives(_ names: [String], toType typeName: String) {
        update(typeName) { type in
            for name in names where !type.directives.contains(where: { $0.name == name }) {
                type.directives.append(Directive(name: name))
            }
        }
    }

    /// Adds directives without arguments to a field of a type, skipping those it already has.
    mutating func addDirectives(_ names: [String], toField fieldName: String, of typeName: String) {
        update(typeName) { type in
            guard let index = type.fields.firstIndex(where: { $0.name == fieldName }) else { return }
            for name in names where !type.fields[index].directives.contains(where: { $0.name == name }) {
                type.fields[index].directives.append(Directive(name: name))
            }
        }
    }
}
