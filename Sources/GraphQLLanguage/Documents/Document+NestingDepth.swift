/// How deeply a definition nests once the fragments it spreads are followed: what the parser's
/// depth limit cannot see, since `fragment A on T { ...B }` nests B inside A without a brace.
package struct NestingDepth: Sendable, Hashable {
    /// Nested selection sets, a fragment's own selection set counting as one level where it is
    /// spread: `{ a { ...F } }` with `fragment F on T { b }` is 3 deep.
    package var selectionSets: Int
    /// Nested fields, as AppSync's query depth limit counts them: `{ a { ...F } }` with the same
    /// fragment is 2 deep.
    package var fields: Int
}

extension Document {
    /// The nesting depth of every operation (in document order) and of every fragment (by name),
    /// computed once per fragment in linear time. `fragmentOrder` is
    /// ``fragmentsInDependencyOrder()``, passed by a caller that already has it. With fragment
    /// cycles (see ``fragmentDependencies()``), a spread closing a cycle counts as an empty
    /// fragment.
    package func nestingDepths(fragmentOrder: [FragmentDefinition]? = nil)
        -> (operations: [NestingDepth], fragments: [String: NestingDepth])
    {
        var fragmentDepths: [String: NestingDepth] = [:]
        for fragment in fragmentOrder ?? fragmentsInDependencyOrder() {
            fragmentDepths[fragment.name] = fragment.selectionSet.nestingDepth(fragments: fragmentDepths)
        }
        let operations = operations.map { $0.selectionSet.nestingDepth(fragments: fragmentDepths) }
        return (operations, fragmentDepths)
    }
}

extension SelectionSet {
    /// This selection set's depth, given the depths of the fragments it spreads (a spread of a
    /// fragment not in `fragments`, undefined or closing a cycle, counts as an empty one).
    func nestingDepth(fragments: [String: NestingDepth]) -> NestingDepth {
        var deepest = NestingDepth(selectionSets: 1, fields: 0)
        for selection in selections {
            let inner: NestingDepth
            switch selection {
            case .field(let field):
                let sub = field.selectionSet?.nestingDepth(fragments: fragments)
                inner = NestingDepth(selectionSets: sub?.selectionSets ?? 0, fields: 1 + (sub?.fields ?? 0))
            case .inlineFragment(let fragment):
                inner = fragment.selectionSet.nestingDepth(fragments: fragments)
            case .fragmentSpread(let spread):
                inner = fragments[spread.name] ?? NestingDepth(selectionSets: 0, fields: 0)
            }
            deepest.selectionSets = max(deepest.selectionSets, 1 + inner.selectionSets)
            deepest.fields = max(deepest.fields, inner.fields)
        }
        return deepest
    }
}
