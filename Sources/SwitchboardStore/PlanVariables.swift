import GraphQLLanguage
import Switchboard
import SwitchboardCore

/// The variables one read or write of a plan runs with: the operation's values, with the
/// document's defaults for those it does not set. Resolves arguments into storage keys and
/// evaluates `@skip`/`@include`.
struct PlanVariables: Sendable {
    private let values: [String: JSONValue]
    /// The storage keys of fields with arguments, each resolved once: a list of a thousand
    /// objects would otherwise print the same arguments a thousand times. Shared by the copies of
    /// these variables, and holding one entry per field of the plan they are used with.
    private let resolvedKeys = Locked<[ObjectIdentifier: String]>([:])

    /// The paginated fields, stored without their page arguments.
    let pagination: PaginationRules

    init(_ values: [String: JSONValue], defaults: [String: Value], pagination: PaginationRules = .none) {
        self.pagination = pagination
        var merged = values
        for (name, value) in defaults where merged[name] == nil {
            merged[name] = PlanVariables.literal(value, variables: values)
        }
        self.values = merged
    }

    /// Whether `other` holds the same values (the same store's pagination rules assumed).
    func hasSameValues(as other: PlanVariables) -> Bool { values == other.values }

    /// The key a field's value is stored under in its record: the field's name, followed by its
    /// arguments as a JSON object with sorted keys when it has any, so that `hero(episode: JEDI)`
    /// and `hero(episode: EMPIRE)` are two fields of the same record.
    @inline(__always)
    func storageKey(of field: PlannedField) -> String {
        field.fixedStorageKey ?? resolvedStorageKey(of: field)
    }

    /// The storage key of a field whose arguments use variables, resolved once per field.
    private func resolvedStorageKey(of field: PlannedField) -> String {
        let id = ObjectIdentifier(field)
        if let known = resolvedKeys.withLock({ $0[id] }) { return known }
        let key = resolveStorageKey(of: field)
        resolvedKeys.withLock { $0[id] = key }
        return key
    }

    private func resolveStorageKey(of field: PlannedField) -> String {
        let pageArguments = pagination.rule(for: field)?.pageArguments ?? []
        var arguments: [String: JSONValue] = [:]
        for argument in field.arguments where !pageArguments.contains(argument.name) {
            if case .variable(let name) = argument.value, values[name] == nil { continue }
            arguments[argument.name] = resolve(argument.value)
        }
        if arguments.isEmpty { return field.name }
        var bytes = Array(field.name.utf8)
        bytes.append(UInt8(ascii: "("))
        // Values come from variables (already JSON) and literals (finite by the grammar), so
        // writing cannot fail; `jsonText` would still print something if it did.
        bytes.append(contentsOf: JSONValue.object(arguments).jsonText.utf8)
        bytes.append(UInt8(ascii: ")"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The pagination rule of `field` when this read or write asked for a page after a cursor:
    /// its items are appended to the stored list rather than replacing it.
    func continuedPagination(of field: PlannedField) -> PaginationRule? {
        guard let rule = pagination.rule(for: field),
            let cursor = field.arguments.first(where: { $0.name == rule.cursorArgument })
        else { return nil }
        return resolve(cursor.value) == .null ? nil : rule
    }

    /// Whether `@skip` and `@include` leave a selection in.
    func includes(_ directives: [Directive]) -> Bool {
        for directive in directives {
            guard let condition = directive.arguments.first(where: { $0.name == "if" }) else { continue }
            let value = resolve(condition.value).booleanValue ?? false
            if directive.name == "skip" && value { return false }
            if directive.name == "include" && !value { return false }
        }
        return true
    }

    /// A value of the document, with variables replaced by their values.
    func resolve(_ value: Value) -> JSONValue {
        PlanVariables.literal(value, variables: values)
    }

    private static func literal(_ value: Value, variables: [String: JSONValue]) -> JSONValue {
        switch value {
        case .variable(let name): return variables[name] ?? .null
        case .int(let text), .float(let text): return Double(text).map(JSONValue.number) ?? .string(text)
        case .string(let text, _): return .string(text)
        case .boolean(let flag): return .boolean(flag)
        case .null: return .null
        case .enumValue(let name): return .string(name)
        case .list(let items): return .array(items.map { literal($0, variables: variables) })
        case .object(let fields):
            var members: [String: JSONValue] = [:]
            for field in fields {
                if case .variable(let name) = field.value, variables[name] == nil { continue }
                members[field.name] = literal(field.value, variables: variables)
            }
            return .object(members)
        }
    }
}
