import GraphQLLanguage

/// The errors of the limits AppSync puts on one request: resolver executions and query depth.
enum ExecutionLimitErrors {
    /// AppSync's answer once a request has run its `resolverCountLimit` resolvers.
    static func resolverLimitReached() -> ExecutionError {
        ExecutionError("Resolver invocation limit reached.", errorType: "ResolverExecutionLimitReached")
    }

    /// The answer to a request that selects so many resolvers (fragments expanded, one item per
    /// list) that it cannot run within `limit` unless most of what it asks for is absent:
    /// refused before anything runs, with the same `errorType`.
    static func resolverLimitExceeded(atLeast count: Int, limit: Int) -> ExecutionError {
        ExecutionError(
            "Resolver invocation limit reached: the request selects at least "
                + (count > limit * 1_000 ? "\(limit * 1_000)" : "\(count)")
                + " resolver fields (fragments expanded, one item per list), more than "
                + "\(ResolverCountEstimate.refusalFactor) times the limit of \(limit).",
            errorType: "ResolverExecutionLimitReached")
    }

    /// A field deeper than the API's `queryDepthLimit`.
    static func queryDepth(limit: Int) -> ExecutionError {
        ExecutionError(
            "The field is nested deeper than the query depth limit of \(limit).", errorType: "QueryDepthLimitReached")
    }
}

/// The resolvers an operation selects, counted before it runs: every field that has a resolver,
/// with fragments expanded and each list taken to hold one item. Runtime counting alone would
/// let a few kilobytes of fragments that double at every level (`a: post { ...F } b: post { ...F }`)
/// walk an exponential tree of fields until the limit; counted here, they are refused at once.
///
/// The count stays below what the request would run if every list had an item and every object
/// existed: fields that share a response key (from fragments too) merge when they run, so they
/// count as the costliest of them; fields under `@skip`/`@include` with a variable and fragments
/// whose type condition is not the parent type count nothing, as they may not run. Each fragment
/// is counted once, as costs by response key, so the count takes time in proportion to the
/// fields validation already collected, however far the document expands.
struct ResolverCountEstimate {
    let schema: Schema
    let hasResolver: (_ type: String, _ field: String) -> Bool

    /// How many times the limit the count must exceed before a request is refused without
    /// running: below that, lists may be empty and objects missing, and the runtime limit
    /// answers as AppSync does, with the data that was resolved.
    static let refusalFactor = 10

    /// The count for each operation of `document` (in document order), which must have passed
    /// validation; the fragments are counted once for all of them. Saturates far above any limit
    /// rather than overflowing.
    func counts(in document: Document) -> [Int] {
        var fragments: [String: (condition: String, costs: [String: Int])] = [:]
        for fragment in document.fragmentsInDependencyOrder() {
            let costs = costs(fragment.selectionSet, on: fragment.typeCondition, fragments)
            fragments[fragment.name] = (fragment.typeCondition, costs)
        }
        return document.operations.map { operation in
            guard let root = schema.rootType(for: operation.operation) else { return 0 }
            return Self.total(costs(operation.selectionSet, on: root.name, fragments))
        }
    }

    private static let ceiling = Int.max / 4

    private static func add(_ lhs: Int, _ rhs: Int) -> Int { min(ceiling, lhs + rhs) }

    private static func total(_ costs: [String: Int]) -> Int { costs.values.reduce(0, add) }

    /// The cost of each response key `selectionSet` selects on `type`.
    private func costs(
        _ selectionSet: SelectionSet, on type: String, _ fragments: [String: (condition: String, costs: [String: Int])]
    ) -> [String: Int] {
        var byKey: [String: Int] = [:]
        func merge(_ key: String, _ cost: Int) { byKey[key] = max(byKey[key] ?? 0, cost) }
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard Self.surelyRuns(field.directives) else { continue }
                var cost = hasResolver(type, field.name) ? 1 : 0
                if let sub = field.selectionSet, let fieldType = schema.field(field.name, on: type)?.type.namedType {
                    cost = Self.add(cost, Self.total(costs(sub, on: fieldType, fragments)))
                }
                merge(field.responseKey, cost)
            case .inlineFragment(let fragment):
                guard fragment.typeCondition.map({ $0 == type }) ?? true, Self.surelyRuns(fragment.directives)
                else { continue }
                for (key, cost) in costs(fragment.selectionSet, on: type, fragments) { merge(key, cost) }
            case .fragmentSpread(let spread):
                guard Self.surelyRuns(spread.directives), let fragment = fragments[spread.name],
                    fragment.condition == type
                else { continue }
                for (key, cost) in fragment.costs { merge(key, cost) }
            }
        }
        return byKey
    }

    /// Whether `@skip`/`@include` surely let the selection run: literal conditions are read, and
    /// a condition from a variable (known only per request, while the count is kept with the
    /// document) counts as not running.
    private static func surelyRuns(_ directives: [Directive]) -> Bool {
        for directive in directives where directive.name == "skip" || directive.name == "include" {
            guard case .boolean(let flag)? = directive.arguments.first(where: { $0.name == "if" })?.value else {
                return false
            }
            if flag == (directive.name == "skip") { return false }
        }
        return true
    }
}
