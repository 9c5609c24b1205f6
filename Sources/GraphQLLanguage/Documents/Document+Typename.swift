extension Document {
    /// The document with `__typename` added to every selection set below the root: the
    /// sub-selections of every field, every inline fragment and every fragment definition.
    /// Root operation selection sets are left alone. Selection sets that already select
    /// `__typename` (without an alias) are unchanged.
    ///
    /// This needs no schema, so a fragment or inline fragment on a root type also gets the
    /// field; use ``addingTypename(schema:)`` when a schema is at hand.
    package func addingTypename() -> Document {
        addingTypename { _ in true }
    }

    /// Shared by the schema-free and schema-aware variants: `wantsTypename` receives the type
    /// condition of a fragment and says whether selections on that type get the field (false
    /// for root operation types).
    func addingTypename(where wantsTypename: (String) -> Bool) -> Document {
        var copy = self
        copy.definitions = definitions.map { definition in
            switch definition {
            case .operation(var operation):
                operation.selectionSet = TypenameInserter.descend(
                    operation.selectionSet, isRoot: true, wantsTypename)
                return .operation(operation)
            case .fragment(var fragment):
                let isRoot = !wantsTypename(fragment.typeCondition)
                fragment.selectionSet = TypenameInserter.descend(fragment.selectionSet, isRoot: isRoot, wantsTypename)
                if !isRoot {
                    fragment.selectionSet = TypenameInserter.adding(to: fragment.selectionSet)
                }
                return .fragment(fragment)
            default:
                return definition
            }
        }
        return copy
    }
}

enum TypenameInserter {
    static func adding(to selectionSet: SelectionSet) -> SelectionSet {
        let hasTypename = selectionSet.selections.contains { selection in
            if case .field(let field) = selection { return field.name == "__typename" && field.alias == nil }
            return false
        }
        guard !hasTypename else { return selectionSet }
        var copy = selectionSet
        copy.selections.append(.field(Field(name: "__typename")))
        return copy
    }

    /// Adds the field inside the selections of `selectionSet` (not to `selectionSet` itself);
    /// `isRoot` says whether `selectionSet` is on a root operation type, which inline fragments
    /// without a type condition inherit.
    static func descend(_ selectionSet: SelectionSet, isRoot: Bool, _ wantsTypename: (String) -> Bool)
        -> SelectionSet
    {
        var copy = selectionSet
        copy.selections = selectionSet.selections.map { selection in
            switch selection {
            case .field(var field):
                if let subselection = field.selectionSet {
                    field.selectionSet = adding(to: descend(subselection, isRoot: false, wantsTypename))
                }
                return .field(field)
            case .inlineFragment(var fragment):
                let fragmentIsRoot = fragment.typeCondition.map { !wantsTypename($0) } ?? isRoot
                fragment.selectionSet = descend(fragment.selectionSet, isRoot: fragmentIsRoot, wantsTypename)
                if !fragmentIsRoot {
                    fragment.selectionSet = adding(to: fragment.selectionSet)
                }
                return .inlineFragment(fragment)
            case .fragmentSpread:
                return selection
            }
        }
        return copy
    }
}

extension Document {
    /// The document with `__typename` added to every selection set of an object, interface or
    /// union type, leaving root operation selection sets (and fragments on root types) alone.
    package func addingTypename(schema: Schema) -> Document {
        addingTypename { !schema.isRootType($0) }
    }
}
