/// A GraphQL schema: named types, directives and root operation types, built from SDL
/// (``init(sdl:options:)``) or from an introspection result (``init(introspectionJSON:)``).
/// Built-in scalars, directives and introspection types are always present.
package struct Schema: Sendable, Hashable {
    /// Every named type by name, including built-in scalars and introspection types.
    package var types: [String: SchemaType]
    /// Every directive by name, including the built-in ones.
    package var directives: [String: SchemaDirective]
    /// The query root type's name.
    package var queryType: String?
    /// The mutation root type's name.
    package var mutationType: String?
    /// The subscription root type's name.
    package var subscriptionType: String?
    /// The schema's description.
    package var description: String?

    /// The type called `name`, if any.
    package func type(named name: String) -> SchemaType? { types[name] }

    /// The root type of an operation type, if the schema supports that operation.
    package func rootType(for operation: OperationType) -> SchemaType? {
        let name: String?
        switch operation {
        case .query: name = queryType
        case .mutation: name = mutationType
        case .subscription: name = subscriptionType
        }
        return name.flatMap { types[$0] }
    }

    /// Whether `name` is one of the root operation types.
    package func isRootType(_ name: String) -> Bool {
        name == queryType || name == mutationType || name == subscriptionType
    }

    /// The object types a value of abstract type `name` may have: a union's members, or every
    /// object type implementing an interface (sorted by name). An object type's only possible type
    /// is itself.
    package func possibleTypes(of name: String) -> [String] {
        guard let type = types[name] else { return [] }
        switch type.kind {
        case .union: return type.unionMembers
        case .interface:
            return types.values.filter { $0.kind == .object && $0.interfaces.contains(name) }.map(\.name).sorted()
        case .object: return [name]
        default: return []
        }
    }

    /// The object and interface types that declare they implement interface `name`, sorted by name.
    package func implementations(of name: String) -> [String] {
        types.values.filter { ($0.kind == .object || $0.kind == .interface) && $0.interfaces.contains(name) }
            .map(\.name).sorted()
    }

    /// Whether `possible` is among the possible types of (or equal to) `abstract`.
    package func isPossibleType(_ possible: String, of abstract: String) -> Bool {
        if possible == abstract { return true }
        guard let type = types[abstract] else { return false }
        switch type.kind {
        case .union: return type.unionMembers.contains(possible)
        case .interface: return types[possible]?.interfaces.contains(abstract) ?? false
        default: return false
        }
    }

    /// The object types two composite types have in common (used for fragment spreads).
    func possibleObjectTypes(of name: String) -> Set<String> {
        Set(possibleTypes(of: name))
    }

    /// The field `name` of composite type `typeName`, including the meta fields `__typename`
    /// (everywhere) and `__schema` / `__type` (on the query root type).
    package func field(_ name: String, on typeName: String) -> SchemaField? {
        if name == "__typename", types[typeName]?.isComposite == true {
            return SchemaField(name: "__typename", type: .nonNull(.named("String")))
        }
        if typeName == queryType {
            if name == "__schema" { return SchemaField(name: "__schema", type: .nonNull(.named("__Schema"))) }
            if name == "__type" {
                return SchemaField(
                    name: "__type", arguments: [SchemaInputValue(name: "name", type: .nonNull(.named("String")))],
                    type: .named("__Type"))
            }
        }
        return types[typeName]?.field(named: name)
    }

    /// Whether a value of type `sub` may be used where `superType` is expected (output types:
    /// same type, narrower nullability, list covariance, possible types of abstract types).
    package func isSubtype(_ sub: TypeReference, of superType: TypeReference) -> Bool {
        switch (sub, superType) {
        case (.nonNull(let a), .nonNull(let b)): return isSubtype(a, of: b)
        case (.nonNull(let a), _): return isSubtype(a, of: superType)
        case (_, .nonNull): return false
        case (.list(let a), .list(let b)): return isSubtype(a, of: b)
        case (.list, _), (_, .list): return false
        case (.named(let a), .named(let b)):
            return a == b || (types[b]?.isAbstract == true && isPossibleType(a, of: b))
        }
    }
}
