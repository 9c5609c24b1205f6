import GraphQLLanguage

/// Writes valid operations against any schema, deterministically: each selects a root field
/// (required arguments as variables), the first scalar fields of its type, object fields two
/// levels down, inline fragments on the possible types of interfaces and unions, and — every
/// fourth operation — a named fragment.
struct OperationSynthesizer {
    let schema: Schema
    let rootFields: [SchemaField]

    init(schema: Schema) {
        self.schema = schema
        let query = schema.queryType.flatMap { schema.type(named: $0) }
        rootFields = (query?.fields ?? []).filter { field in
            schema.type(named: field.type.namedType)?.isComposite == true
        }.sorted { $0.name < $1.name }
    }

    /// `count` operations, one document each.
    func documents(count: Int) -> [String] {
        (0..<count).map { document(number: $0) }
    }

    private func document(number: Int) -> String {
        let field = rootFields[number % rootFields.count]
        let required = field.arguments.filter(\.isRequired)
        let variables = required.map { "$\($0.name): \($0.type)" }
        let arguments = required.map { "\($0.name): $\($0.name)" }
        let typeName = field.type.namedType
        var fragment = ""
        var spread = ""
        if number % 4 == 0, let type = schema.type(named: typeName), type.kind != .union {
            let name = "Fragment\(number)"
            spread = " ...\(name)"
            fragment = "\nfragment \(name) on \(typeName) {\(scalars(of: type, skip: number + 1, limit: 3))}\n"
        }
        let header = "query Operation\(number)" + (variables.isEmpty ? "" : "(\(variables.joined(separator: ", ")))")
        let call = field.name + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
        return header + " { \(call) {" + selections(of: typeName, depth: 2, seed: number) + spread + " } }\n"
            + fragment
    }

    private func selections(of typeName: String, depth: Int, seed: Int) -> String {
        guard let type = schema.type(named: typeName) else { return " __typename" }
        var text = type.kind == .union ? " __typename" : scalars(of: type, skip: seed, limit: 5)
        if depth > 0 && type.kind != .union {
            let objects = type.fields.filter { field in
                field.arguments.allSatisfy { !$0.isRequired }
                    && schema.type(named: field.type.namedType).map { $0.kind == .object || $0.kind == .interface }
                        == true
            }
            for field in rotated(objects, by: seed).prefix(2) {
                text +=
                    " \(field.name) {" + selections(of: field.type.namedType, depth: depth - 1, seed: seed + 1) + " }"
            }
        }
        if type.isAbstract {
            for possible in rotated(schema.possibleTypes(of: typeName), by: seed).prefix(3) {
                guard let object = schema.type(named: possible) else { continue }
                text += " ... on \(possible) {" + scalars(of: object, skip: seed + 2, limit: 3) + " }"
            }
        }
        return text
    }

    /// Up to `limit` scalar or enum fields without required arguments (at least `__typename`).
    private func scalars(of type: SchemaType, skip: Int, limit: Int) -> String {
        let leaves = type.fields.filter { field in
            field.arguments.allSatisfy { !$0.isRequired } && schema.type(named: field.type.namedType)?.isLeaf == true
        }
        let chosen = rotated(leaves.map(\.name), by: skip).prefix(limit)
        return chosen.isEmpty ? " __typename" : " " + chosen.joined(separator: " ")
    }

    private func rotated<T>(_ items: [T], by offset: Int) -> [T] {
        guard !items.isEmpty else { return items }
        let start = offset % items.count
        return Array(items[start...] + items[..<start])
    }
}
