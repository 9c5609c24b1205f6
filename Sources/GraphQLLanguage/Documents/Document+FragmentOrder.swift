extension Document {
    /// The fragment definitions in an order where each comes after every fragment it spreads, so
    /// that a measure of each fragment can be computed once from the measures of the fragments it
    /// uses. Found without recursion over spreads: a chain of thousands of fragments must not
    /// exhaust the stack. A spread that closes a cycle (which validation reports) is ignored, as
    /// are spreads of undefined fragments; duplicate names keep their first definition.
    package func fragmentsInDependencyOrder() -> [FragmentDefinition] {
        fragmentDependencies().order
    }

    /// ``fragmentsInDependencyOrder()`` and whether any spread closes a cycle. With a cycle, the
    /// spreads left out depend on the order they were visited in, so a measure over the order is
    /// not what a walk in document order meets: callers that walk spreads must not rely on it.
    package func fragmentDependencies() -> (order: [FragmentDefinition], hasCycle: Bool) {
        var byName: [String: FragmentDefinition] = [:]
        for fragment in fragments where byName[fragment.name] == nil { byName[fragment.name] = fragment }
        enum State { case entered, done }
        var state: [String: State] = [:]
        var order: [FragmentDefinition] = []
        var hasCycle = false
        for root in byName.values.sorted(by: { $0.location.offset < $1.location.offset }) {
            guard state[root.name] == nil else { continue }
            // Each frame is a fragment and the spreads of it still to visit.
            var stack: [(fragment: FragmentDefinition, pending: [String])] = [(root, root.selectionSet.spreadNames)]
            state[root.name] = .entered
            while !stack.isEmpty {
                if let next = stack[stack.count - 1].pending.popLast() {
                    if state[next] == nil, let target = byName[next] {
                        state[next] = .entered
                        stack.append((target, target.selectionSet.spreadNames))
                    } else if state[next] == .entered {
                        hasCycle = true
                    }
                } else {
                    let finished = stack.removeLast().fragment
                    state[finished.name] = .done
                    order.append(finished)
                }
            }
        }
        return (order, hasCycle)
    }
}

extension SelectionSet {
    /// The names of the fragments spread anywhere in this selection set (inside fields and inline
    /// fragments too, but not inside the fragments it spreads), in reverse document order.
    package var spreadNames: [String] {
        var names: [String] = []
        var pending = [self]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .field(let field): if let sub = field.selectionSet { pending.append(sub) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                case .fragmentSpread(let spread): names.append(spread.name)
                }
            }
        }
        return names
    }
}
