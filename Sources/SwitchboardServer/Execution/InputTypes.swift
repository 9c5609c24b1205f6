import GraphQLLanguage

/// The schema's types as input coercion reads them, built once per executor. Coercing a
/// variable's input object looked its type up by name, copying the whole type, and walked every
/// field the type declares, copying each: 1.6 µs per object, so that a filter variable of 25,000
/// conditions took 41 ms before it could be refused, and every list request paid it for its
/// `filter`.
final class InputTypes: Sendable {
    /// What a type name stands for in input.
    enum Entry: Sendable {
        case scalar(any ScalarType)
        /// An enum, with its value names.
        case enumeration(Set<String>)
        case inputObject(InputObjectShape)
        /// An object, interface or union: not an input type.
        case output
    }

    private let entries: [String: Entry]

    /// The input types of `schema`, scalars parsed by `scalars` (a scalar missing there passes
    /// its values through).
    init(schema: Schema, scalars: [String: any ScalarType]) {
        var entries: [String: Entry] = [:]
        for (name, type) in schema.types {
            switch type.kind {
            case .scalar: entries[name] = .scalar(scalars[name] ?? PassThroughScalar(name: name))
            case .enum: entries[name] = .enumeration(Set(type.enumValues.map(\.name)))
            case .inputObject: entries[name] = .inputObject(InputObjectShape(type.inputFields))
            default: entries[name] = .output
            }
        }
        self.entries = entries
    }

    /// The entry of the type called `name`, if the schema has one.
    subscript(name: String) -> Entry? { entries[name] }
}

/// An input object's fields in declaration order, the order its coerced objects keep, found by
/// name without a search.
final class InputObjectShape: Sendable {
    let names: [String]
    let types: [TypeReference]
    let defaults: [Value?]
    /// Each field's position, by name.
    let positions: [String: Int]
    /// The positions, ascending, of the fields an object without them still needs looked at:
    /// those with a default value and those of a non-null type.
    let neededWhenAbsent: [Int]

    init(_ fields: [SchemaInputValue]) {
        names = fields.map(\.name)
        types = fields.map(\.type)
        defaults = fields.map(\.defaultValue)
        var positions: [String: Int] = [:]
        for (position, field) in fields.enumerated() where positions[field.name] == nil {
            positions[field.name] = position
        }
        self.positions = positions
        neededWhenAbsent = fields.indices.filter { fields[$0].defaultValue != nil || fields[$0].type.isNonNull }
    }
}
