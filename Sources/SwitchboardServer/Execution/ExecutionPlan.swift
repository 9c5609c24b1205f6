import GraphQLLanguage

/// One operation of one document, collected once and shared by every execution of it: its root
/// fields grouped by response key, each group's definition, type and escaped key looked up once,
/// and sub-selections collected the first time any execution reaches them. A request for a
/// cached document then starts executing at once, instead of collecting and looking up every
/// field again (a tenth of a small request's time).
///
/// Only documents whose `@skip` and `@include` never read a variable have plans: elsewhere what
/// is collected depends on the request's variables.
final class ExecutionPlan: Sendable {
    /// The collector the groups came from, which collects their sub-selections.
    let collector: FieldCollector
    /// The root groups.
    let rootGroups: [FieldCollector.Group]
    /// The operation planned.
    let operation: OperationDefinition

    /// The plan of `operation` (of a document with `fragments`) on `rootType`.
    init(operation: OperationDefinition, fragments: [String: FragmentDefinition], rootType: String, schema: Schema) {
        collector = FieldCollector(schema: schema, fragments: fragments, variables: JSONObject())
        rootGroups = collector.collect(operation.selectionSet, on: rootType)
        self.operation = operation
    }

    /// Whether what `document` collects depends on variables: some `@skip` or `@include` takes
    /// its condition from one.
    static func collectionReadsVariables(_ document: Document) -> Bool {
        var pending = document.operations.map(\.selectionSet) + document.fragments.map(\.selectionSet)
        // A stack rather than recursion: a document's nesting is bounded, but not by much.
        while let selectionSet = pending.popLast() {
            for selection in selectionSet.selections {
                let directives: [Directive]
                switch selection {
                case .field(let field):
                    directives = field.directives
                    if let inner = field.selectionSet { pending.append(inner) }
                case .inlineFragment(let fragment):
                    directives = fragment.directives
                    pending.append(fragment.selectionSet)
                case .fragmentSpread(let spread):
                    directives = spread.directives
                }
                for directive in directives where directive.name == "skip" || directive.name == "include" {
                    if directive.arguments.contains(where: { if case .variable = $0.value { true } else { false } }) {
                        return true
                    }
                }
            }
        }
        return false
    }
}

/// The plans of one cached document, one per operation, made with the document: a request for
/// it then finds its plan without taking a lock (a lookup under a reader/writer lock was a
/// shared counter both loop threads wrote on every request).
final class ExecutionPlans: Sendable {
    private let plans: [String: ExecutionPlan]

    /// The plans of the operations in `parts` on `schema`, each on the root type
    /// `rootTypeName` names for its kind; an operation whose root type the schema lacks gets none
    /// (preparing it fails).
    init(_ parts: DocumentParts, schema: Schema, rootTypeName: (OperationType) -> String?) {
        var plans: [String: ExecutionPlan] = [:]
        for operation in parts.operations {
            guard let rootType = rootTypeName(operation.operation) else { continue }
            plans[operation.name ?? ""] = ExecutionPlan(
                operation: operation, fragments: parts.fragments, rootType: rootType, schema: schema)
        }
        self.plans = plans
    }

    /// The plan of `operation`, one of the document's.
    func plan(for operation: OperationDefinition) -> ExecutionPlan? { plans[operation.name ?? ""] }
}
