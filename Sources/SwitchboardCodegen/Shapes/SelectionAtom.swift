import GraphQLLanguage

/// One field or direct fragment spread of a selection set, flattened out of the inline fragments
/// and named fragments around it, with the type conditions and `@include`/`@skip` it sits under.
///
/// The shape of a selection set is decided from its atoms: a struct gets every atom whose type
/// conditions its possible types all satisfy, and a type case for every other condition.
struct SelectionAtom {
    enum Kind {
        /// A field, and the type it was selected on (the innermost type condition).
        case field(Field, parentType: String)
        /// `...Name` written in this selection set (not inside another named fragment).
        case fragmentSpread(String)
    }

    var kind: Kind
    /// The type conditions around the atom, outermost first.
    var conditions: [String]
    /// Whether an `@include` or `@skip` with a variable decides whether it is selected.
    var isConditional: Bool
    /// The atom's position in document order, which identifies it.
    var id: Int

    /// The response key of a field atom.
    var responseKey: String? {
        if case .field(let field, _) = kind { return field.responseKey }
        return nil
    }
}

/// Flattens selection sets into ``SelectionAtom``s.
struct AtomCollector {
    let fragments: [String: FragmentDefinition]
    private var nextID = 0

    init(fragments: [String: FragmentDefinition]) {
        self.fragments = fragments
    }

    /// The atoms of `selectionSet`, selected on `parentType`.
    mutating func atoms(of selectionSet: SelectionSet, on parentType: String) -> [SelectionAtom] {
        var atoms: [SelectionAtom] = []
        collect(selectionSet, parentType: parentType, conditions: [], conditional: false, direct: true, into: &atoms)
        return atoms
    }

    /// The atoms of several fields' selection sets merged (the same response key selected more
    /// than once). A sub-selection of a conditional field is conditional when another field of
    /// the group is not, since then the struct exists without it.
    mutating func atoms(ofMerged fields: [(field: Field, isConditional: Bool)], on parentType: String)
        -> [SelectionAtom]
    {
        let someUnconditional = fields.contains { !$0.isConditional }
        var atoms: [SelectionAtom] = []
        for (field, isConditional) in fields {
            guard let selectionSet = field.selectionSet else { continue }
            collect(
                selectionSet, parentType: parentType, conditions: [], conditional: isConditional && someUnconditional,
                direct: true, into: &atoms)
        }
        return atoms
    }

    private mutating func collect(
        _ selectionSet: SelectionSet, parentType: String, conditions: [String], conditional: Bool, direct: Bool,
        into atoms: inout [SelectionAtom]
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard let inclusion = Inclusion(field.directives) else { continue }
                let atom = SelectionAtom(
                    kind: .field(field, parentType: conditions.last ?? parentType), conditions: conditions,
                    isConditional: conditional || inclusion == .conditional, id: takeID())
                atoms.append(atom)
            case .inlineFragment(let fragment):
                guard let inclusion = Inclusion(fragment.directives) else { continue }
                collect(
                    fragment.selectionSet, parentType: parentType,
                    conditions: conditions + (fragment.typeCondition.map { [$0] } ?? []),
                    conditional: conditional || inclusion == .conditional, direct: direct, into: &atoms)
            case .fragmentSpread(let spread):
                guard let inclusion = Inclusion(spread.directives), let fragment = fragments[spread.name] else {
                    continue
                }
                let inner = conditions + [fragment.typeCondition]
                let isConditional = conditional || inclusion == .conditional
                if direct {
                    atoms.append(
                        SelectionAtom(
                            kind: .fragmentSpread(spread.name), conditions: inner, isConditional: isConditional,
                            id: takeID()))
                }
                collect(
                    fragment.selectionSet, parentType: parentType, conditions: inner, conditional: isConditional,
                    direct: false, into: &atoms)
            }
        }
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

/// What `@include` and `@skip` say about a selection.
enum Inclusion {
    /// Always selected.
    case always
    /// Selected depending on a variable.
    case conditional

    /// `nil` when the directives exclude the selection whatever the variables (`@include(if: false)`).
    init?(_ directives: [Directive]) {
        var result = Inclusion.always
        for directive in directives where directive.name == "include" || directive.name == "skip" {
            guard let argument = directive.arguments.first(where: { $0.name == "if" }) else { continue }
            switch argument.value {
            case .boolean(let value):
                if value != (directive.name == "include") { return nil }
            default:
                result = .conditional
            }
        }
        self = result
    }
}
