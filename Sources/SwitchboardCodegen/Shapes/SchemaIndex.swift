import GraphQLLanguage

/// The schema with the possible object types of every composite type computed once: the sets
/// type conditions are decided with.
struct SchemaIndex {
    let schema: Schema
    private let possibleTypes: [String: Set<String>]

    init(_ schema: Schema) {
        self.schema = schema
        var possible: [String: Set<String>] = [:]
        for type in schema.types.values {
            switch type.kind {
            case .object:
                possible[type.name, default: []].insert(type.name)
                for interface in type.interfaces { possible[interface, default: []].insert(type.name) }
            case .union:
                possible[type.name, default: []].formUnion(type.unionMembers)
            default:
                break
            }
        }
        possibleTypes = possible
    }

    /// The object types a value of type `name` can have: itself for an object, the implementations
    /// of an interface, the members of a union.
    func possibleTypes(of name: String) -> Set<String> { possibleTypes[name] ?? [] }

    /// Whether `name` is a root operation type (whose selection sets get no `__typename`).
    func isRoot(_ name: String) -> Bool { schema.isRootType(name) }

    /// The definition of field `name` on composite type `typeName` (`__typename` included).
    func field(_ name: String, on typeName: String) -> SchemaField? { schema.field(name, on: typeName) }

    /// The named type `name`.
    func type(named name: String) -> SchemaType? { schema.type(named: name) }
}
