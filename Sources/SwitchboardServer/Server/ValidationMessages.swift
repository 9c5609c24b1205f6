import GraphQLLanguage

/// Validation and syntax errors in AppSync's words (graphql-java's): `Validation error of type
/// FieldUndefined: Field 'foo' in type 'Post' is undefined @ 'getPost/foo'`, with no `path`
/// and no `errorType`. The rule is recognised from graphql-js's message (what ``Validator``
/// reports); messages without a graphql-java counterpart keep graphql-js's text.
enum ValidationMessages {
    /// The response error for a validation error of `document`.
    static func error(_ error: ValidationError, in document: Document) -> ExecutionError {
        let path = FieldPaths(document: document).path(at: error.locations.first)
        return ExecutionError(message(error.message, path: path), locations: error.locations)
    }

    /// The response error for a document that does not parse. A document that went past a
    /// parser limit says which (not the token where the parse stopped, which would read as a typo).
    static func syntaxError(_ error: GraphQLSyntaxError) -> ExecutionError {
        if let limit = error.limit {
            let past: String
            switch limit {
            case .tokens(let count): past = "has more than \(count) tokens"
            case .depth(let levels): past = "nests more than \(levels) levels deep"
            }
            return ExecutionError(
                "Invalid Syntax : the document \(past); to protect the server, parsing stopped at line "
                    + "\(error.line) column \(error.column)",
                locations: [error.location])
        }
        var token = error.token ?? "<EOF>"
        if token.hasPrefix("\"") && token.hasSuffix("\"") && token.count >= 2 {
            token = String(token.dropFirst().dropLast())
        }
        return ExecutionError(
            "Invalid Syntax : offending token '\(token)' at line \(error.line) column \(error.column)",
            locations: [error.location])
    }

    static func message(_ text: String, path: String?) -> String {
        let at = path.map { " @ '\($0)'" } ?? ""
        let quoted = quotedParts(text)
        func typed(_ type: String, _ detail: String) -> String { "Validation error of type \(type): \(detail)\(at)" }
        if text.hasPrefix("Cannot query field "), quoted.count >= 2 {
            return typed("FieldUndefined", "Field '\(quoted[0])' in type '\(quoted[1])' is undefined")
        }
        if text.hasPrefix("Unknown argument "), let name = quoted.first {
            return typed("UnknownArgument", "Unknown field argument \(name)")
        }
        if text.hasPrefix("Field "), text.contains(" is required, but it was not provided."), quoted.count >= 2 {
            return typed("MissingFieldArgument", "Missing field argument \(quoted[1])")
        }
        if text.contains("must have a selection of subfields"), quoted.count >= 2 {
            return typed("SubSelectionRequired", "Sub selection required for type \(quoted[1]) of field \(quoted[0])")
        }
        if text.contains("must not have a selection since type"), quoted.count >= 2 {
            return typed(
                "SubSelectionNotAllowed", "Sub selection not allowed on leaf type \(quoted[1]) of field \(quoted[0])")
        }
        if text.hasPrefix("Unknown type "), let name = quoted.first {
            return "Validation error of type UnknownType: Unknown type \(name)"
        }
        if text.hasPrefix("Variable "), text.contains(" used in position expecting type "), quoted.count >= 3 {
            return typed(
                "VariableTypeMismatch", "Variable type '\(quoted[1])' doesn't match expected type '\(quoted[2])'")
        }
        if text.hasPrefix("Variable "), text.contains(" is not defined"), let name = quoted.first {
            return typed("UndefinedVariable", "Undefined variable \(name.drop { $0 == "$" })")
        }
        if text.hasPrefix("Variable "), text.contains(" is never used"), let name = quoted.first {
            return "Validation error of type UnusedVariable: Unused variable \(name.drop { $0 == "$" })"
        }
        return "Validation error: \(text)"
    }

    /// The `"…"`-quoted parts of a graphql-js message, in order.
    static func quotedParts(_ text: String) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 ? String(part) : nil
        }
    }
}

/// Finds the field a source location belongs to and writes its path as graphql-java does
/// (`getPost/comments/items`, field names joined with `/`).
private struct FieldPaths {
    let document: Document

    func path(at location: SourceLocation?) -> String? {
        guard let location, location != .unknown else { return nil }
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                if let path = search(operation.selectionSet, [], location) { return path.joined(separator: "/") }
            case .fragment(let fragment):
                if let path = search(fragment.selectionSet, [], location) { return path.joined(separator: "/") }
            default: continue
            }
        }
        return nil
    }

    private func search(_ selectionSet: SelectionSet, _ path: [String], _ location: SourceLocation) -> [String]? {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let fieldPath = path + [field.name]
                if field.location == location || field.arguments.contains(where: { $0.location == location }) {
                    return fieldPath
                }
                if let nested = field.selectionSet, let found = search(nested, fieldPath, location) { return found }
            case .inlineFragment(let fragment):
                if let found = search(fragment.selectionSet, path, location) { return found }
            case .fragmentSpread:
                continue
            }
        }
        return nil
    }
}
