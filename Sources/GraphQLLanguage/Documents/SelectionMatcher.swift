/// Decides whether one executable document (a *selector*, e.g. a mock server's expectation) is a
/// subset of another (an incoming request's document).
///
/// Every operation and fragment of the selector must be found in the incoming document by name
/// and type (an anonymous selector operation matches any operation of the same type). Inside
/// them every selected field must be found, recursively, by name and alias, with the arguments
/// the selector gives (an argument it leaves out matches anything), the same directives,
/// fragment spreads and inline fragments; variable definitions are compared by name. Order never
/// matters and extra incoming selections are fine.
package enum SelectionMatcher {
    /// True when `selector` is a subset of `incoming`.
    package static func matches(selector: Document, incoming: Document) -> Bool {
        mismatch(selector: selector, incoming: incoming) == nil
    }

    /// Why `selector` is not a subset of `incoming`, in one sentence naming the first missing
    /// piece with its path (e.g. `field "hero.friends.name" is not selected`), or `nil` when it is.
    package static func mismatch(selector: Document, incoming: Document) -> String? {
        let incomingOperations = incoming.operations
        for operation in selector.operations {
            let candidates = incomingOperations.filter {
                $0.operation == operation.operation && (operation.name == nil || $0.name == operation.name)
            }
            if candidates.isEmpty {
                if let name = operation.name {
                    return "\(operation.operation.rawValue) \"\(name)\" is not in the request"
                        + Self.listing(incomingOperations)
                }
                return "the request has no \(operation.operation.rawValue) operation" + Self.listing(incomingOperations)
            }
            let reason = firstReason(candidates) { candidate in
                operationMismatch(operation, candidate)
            }
            if let reason {
                // The reason comes from the first candidate, so name that operation.
                let name = candidates[0].name.map { " \"\($0)\"" } ?? ""
                return reason + " in \(operation.operation.rawValue)\(name)"
            }
        }
        for fragment in selector.fragments {
            guard let candidate = incoming.fragment(named: fragment.name) else {
                return "fragment \"\(fragment.name)\" is not in the request"
            }
            guard candidate.typeCondition == fragment.typeCondition else {
                return "fragment \"\(fragment.name)\" is on type \"\(candidate.typeCondition)\", "
                    + "expected \"\(fragment.typeCondition)\""
            }
            if let reason = directivesMismatch(fragment.directives, candidate.directives) {
                return "fragment \"\(fragment.name)\"" + reason
            }
            if let reason = selectionSetMismatch(fragment.selectionSet, candidate.selectionSet, path: "") {
                return reason + " in fragment \"\(fragment.name)\""
            }
        }
        return nil
    }

    // MARK: - Operations

    private static func listing(_ operations: [OperationDefinition]) -> String {
        guard !operations.isEmpty else { return " (it has no operations)" }
        let names = operations.map { operation in
            operation.operation.rawValue + (operation.name.map { " \"\($0)\"" } ?? " (anonymous)")
        }
        return " (it has: \(names.joined(separator: ", ")))"
    }

    private static func operationMismatch(_ selector: OperationDefinition, _ incoming: OperationDefinition) -> String? {
        for variable in selector.variableDefinitions
        where !incoming.variableDefinitions.contains(where: { $0.name == variable.name }) {
            return "variable \"$\(variable.name)\" is not defined"
        }
        if let reason = directivesMismatch(selector.directives, incoming.directives) {
            return "the operation" + reason
        }
        return selectionSetMismatch(selector.selectionSet, incoming.selectionSet, path: "")
    }

    /// `nil` when any candidate matches, else the first candidate's reason.
    private static func firstReason<T>(_ candidates: [T], _ check: (T) -> String?) -> String? {
        var first: String?
        for candidate in candidates {
            guard let reason = check(candidate) else { return nil }
            if first == nil { first = reason }
        }
        return first
    }

    // MARK: - Selections

    private static func selectionSetMismatch(_ selector: SelectionSet, _ incoming: SelectionSet, path: String)
        -> String?
    {
        for selection in selector.selections {
            switch selection {
            case .field(let field):
                let fieldPath = path.isEmpty ? field.responseKey : path + "." + field.responseKey
                let candidates = incoming.selections.compactMap { candidate -> Field? in
                    guard case .field(let other) = candidate, other.name == field.name, other.alias == field.alias
                    else { return nil }
                    return other
                }
                if candidates.isEmpty {
                    return "field \"\(fieldPath)\" is not selected"
                }
                if let reason = firstReason(candidates, { fieldMismatch(field, $0, path: fieldPath) }) {
                    return reason
                }
            case .fragmentSpread(let spread):
                let candidates = incoming.selections.compactMap { candidate -> FragmentSpread? in
                    guard case .fragmentSpread(let other) = candidate, other.name == spread.name else { return nil }
                    return other
                }
                let at = path.isEmpty ? "" : " at \"\(path)\""
                if candidates.isEmpty {
                    return "fragment spread \"...\(spread.name)\"\(at) is not selected"
                }
                let reason = firstReason(candidates) {
                    directivesMismatch(spread.directives, $0.directives)
                }
                if let reason { return "fragment spread \"...\(spread.name)\"\(at)" + reason }
            case .inlineFragment(let fragment):
                let candidates = incoming.selections.compactMap { candidate -> InlineFragment? in
                    guard case .inlineFragment(let other) = candidate, other.typeCondition == fragment.typeCondition
                    else { return nil }
                    return other
                }
                let label = fragment.typeCondition.map { "inline fragment \"... on \($0)\"" } ?? "inline fragment"
                let at = path.isEmpty ? "" : " at \"\(path)\""
                if candidates.isEmpty {
                    return "\(label)\(at) is not selected"
                }
                let reason = firstReason(candidates) { other -> String? in
                    if let reason = directivesMismatch(fragment.directives, other.directives) {
                        return label + at + reason
                    }
                    return selectionSetMismatch(fragment.selectionSet, other.selectionSet, path: path)
                }
                if let reason { return reason }
            }
        }
        return nil
    }

    private static func fieldMismatch(_ selector: Field, _ incoming: Field, path: String) -> String? {
        for argument in selector.arguments {
            guard let other = incoming.arguments.first(where: { $0.name == argument.name }) else {
                return "field \"\(path)\" has no argument \"\(argument.name)\""
            }
            guard valuesEqual(argument.value, other.value) else {
                return "argument \"\(argument.name)\" of field \"\(path)\" is \(Printer.print(other.value)), "
                    + "expected \(Printer.print(argument.value))"
            }
        }
        if let reason = directivesMismatch(selector.directives, incoming.directives) {
            return "field \"\(path)\"" + reason
        }
        guard let subselection = selector.selectionSet else { return nil }
        guard let incomingSubselection = incoming.selectionSet else {
            return "field \"\(path)\" has no sub-selections"
        }
        return selectionSetMismatch(subselection, incomingSubselection, path: path)
    }

    /// Every selector directive must appear on the incoming node with (at least) its arguments.
    private static func directivesMismatch(_ selector: [Directive], _ incoming: [Directive])
        -> String?
    {
        for directive in selector {
            let found = incoming.contains { other in
                other.name == directive.name
                    && directive.arguments.allSatisfy { argument in
                        other.arguments.contains { $0.name == argument.name && valuesEqual($0.value, argument.value) }
                    }
            }
            if !found {
                let arguments =
                    directive.arguments.isEmpty
                    ? ""
                    : "(" + directive.arguments.map { "\($0.name): \(Printer.print($0.value))" }.joined(separator: ", ")
                        + ")"
                return " lacks directive @\(directive.name)\(arguments)"
            }
        }
        return nil
    }

    /// Value equality where input-object field order does not matter and block and quoted
    /// strings with the same content are equal.
    static func valuesEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a, _), .string(let b, _)): return a == b
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { valuesEqual($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { field in
                b.contains { $0.name == field.name && valuesEqual($0.value, field.value) }
            }
        default: return lhs == rhs
        }
    }
}
