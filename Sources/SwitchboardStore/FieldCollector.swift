import Switchboard
import SwitchboardCore

/// GraphQL's CollectFields for the store: the fields of a selection set that apply to one object,
/// grouped by response key, with the sub-selections of fields that share a key merged.
struct CollectedField: Sendable {
    /// The field as the document selects it (the first selection with this response key).
    let field: PlannedField
    /// The sub-selections of every selection with this response key.
    var selectionSet: PlannedSelectionSet?

    /// The field's key in the response.
    var responseKey: String { field.responseKey }
}

/// Decides whether a type-conditioned group applies to an object, and collects fields.
struct FieldCollector {
    let variables: PlanVariables
    let possibleTypes: PossibleTypes
    /// The (condition, object type) pairs that matched only because the object held the group's
    /// fields, for the store to remember.
    private(set) var inferences: [(condition: String, typename: String)] = []

    init(variables: PlanVariables, possibleTypes: PossibleTypes) {
        self.variables = variables
        self.possibleTypes = possibleTypes
    }

    /// The fields of `selectionSet` that apply to an object of type `typename`. `has` says whether
    /// the object holds a field (by response key when writing, by storage key when reading); it
    /// decides groups whose type condition is an abstract type the store cannot resolve.
    mutating func collect(
        _ selectionSet: PlannedSelectionSet, typename: String?, has: (PlannedField) -> Bool
    ) -> [CollectedField] {
        if let fixed = selectionSet.fixedFields { return fixed }
        var fields: [CollectedField] = []
        var positions: [String: Int] = [:]
        collect(selectionSet, typename: typename, has: has, into: &fields, positions: &positions)
        return fields
    }

    private mutating func collect(
        _ selectionSet: PlannedSelectionSet, typename: String?, has: (PlannedField) -> Bool,
        into fields: inout [CollectedField], positions: inout [String: Int]
    ) {
        for item in selectionSet.items {
            switch item {
            case .field(let field):
                guard field.directives.isEmpty || variables.includes(field.directives) else { continue }
                if let position = positions[field.responseKey] {
                    if let nested = field.selectionSet {
                        fields[position].selectionSet = PlannedSelectionSet(
                            items: (fields[position].selectionSet?.items ?? []) + nested.items)
                    }
                } else {
                    positions[field.responseKey] = fields.count
                    fields.append(
                        CollectedField(field: field, selectionSet: field.selectionSet))
                }
            case .conditional(let condition, let directives, let group):
                guard directives.isEmpty || variables.includes(directives) else { continue }
                guard applies(condition, to: typename, group: group, has: has) else { continue }
                collect(group, typename: typename, has: has, into: &fields, positions: &positions)
            }
        }
    }

    /// Whether a group with type condition `condition` applies to an object of type `typename`.
    ///
    /// Without a schema the store cannot tell an interface or union from an object type, so a
    /// condition other than the object's own type applies when the configured or learned possible
    /// types say so, or else when the object holds every field the group selects directly: a
    /// server includes a matching group's fields and leaves out a group that does not match.
    mutating func applies(
        _ condition: String?, to typename: String?, group: PlannedSelectionSet, has: (PlannedField) -> Bool
    ) -> Bool {
        guard let condition, let typename, condition != typename else { return true }
        if let known = possibleTypes.contains(condition, typename) { return known }
        for item in group.items {
            guard case .field(let field) = item, field.name != "__typename" else { continue }
            guard field.directives.isEmpty || variables.includes(field.directives) else { continue }
            if !has(field) { return false }
        }
        inferences.append((condition, typename))
        return true
    }
}

/// Which object types satisfy an abstract type condition: configured by the app, provided by
/// operations, and learned from responses.
struct PossibleTypes: Sendable {
    /// Condition → object types, as the operation being read or written lists them (authoritative).
    var operation: [String: Set<String>] = [:]
    /// Abstract type → its object types, as configured or provided (authoritative).
    var declared: [String: Set<String>] = [:]
    /// Abstract type → object types a response showed to match it.
    private(set) var learned: [String: Set<String>] = [:]

    /// Types known from the start: the configuration's.
    init(declared: [String: Set<String>] = [:]) {
        self.declared = declared
    }

    /// Remembers what responses showed, up to ``maximumLearnedTypes`` pairs: responses come from
    /// a server, and a store should not grow without end on its say-so.
    mutating func learn(_ inferences: [(condition: String, typename: String)]) {
        for (condition, typename) in inferences where learnedCount < Self.maximumLearnedTypes {
            if learned[condition, default: []].insert(typename).inserted { learnedCount += 1 }
        }
    }

    /// How many (abstract type, object type) pairs a store learns at most.
    static let maximumLearnedTypes = 10_000
    private var learnedCount = 0

    /// `true`/`false` when known, `nil` when neither the declarations nor a response tell.
    func contains(_ condition: String, _ typename: String) -> Bool? {
        if let types = operation[condition] { return types.contains(typename) }
        if let types = declared[condition] { return types.contains(typename) }
        if learned[condition]?.contains(typename) == true { return true }
        return nil
    }
}
