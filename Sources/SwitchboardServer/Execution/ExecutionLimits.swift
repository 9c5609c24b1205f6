import GraphQLLanguage

/// The errors of the limits AppSync puts on one request: resolver executions and query depth.
enum ExecutionLimitErrors {
    /// AppSync's answer once a request has run its `resolverCountLimit` resolvers.
    static func resolverLimitReached() -> ExecutionError {
        ExecutionError("Resolver invocation limit reached.", errorType: "ResolverExecutionLimitReached")
    }

    /// The answer to a request that would run more resolvers than `limit` whatever the data:
    /// refused before anything runs, with the same `errorType`.
    static func resolverLimitExceeded(atLeast count: Int, limit: Int) -> ExecutionError {
        ExecutionError(
            "Resolver invocation limit reached: the request selects at least "
                + (count > limit * 1_000 ? "\(limit * 1_000)" : "\(count)")
                + " resolver fields (fragments expanded, one item per list), more than the limit of \(limit).",
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
/// Each fragment is counted once (in dependency order), so the count takes linear time however
/// far the document expands. Fields under `@skip`/`@include` and fragments whose type condition
/// is not the parent type count nothing: they may not run.
struct ResolverCountEstimate {
    let schema: Schema
    let hasResolver: (_ type: String, _ field: String) -> Bool

    /// The count for `operation`, which must have passed validation (its nesting is bounded);
    /// saturates far above any limit rather than overflowing.
    func count(_ operation: OperationDefinition, in document: Document) -> Int {
        guard let root = schema.rootType(for: operation.operation) else { return 0 }
        var fragments: [String: (condition: String, count: Int)] = [:]
        for fragment in document.fragmentsInDependencyOrder() {
            let count = count(fragment.selectionSet, on: fragment.typeCondition, fragments)
            fragments[fragment.name] = (fragment.typeCondition, count)
        }
        return count(operation.selectionSet, on: root.name, fragments)
    }

    private static let ceiling = Int.max / 4

    private static func add(_ lhs: Int, _ rhs: Int) -> Int { min(ceiling, lhs + rhs) }

    private func count(
        _ selectionSet: SelectionSet, on type: String, _ fragments: [String: (condition: String, count: Int)]
    ) -> Int {
        // Fields sharing a response key are merged when they run: count the costliest once.
        var byResponseKey: [String: Int] = [:]
        var spreads: Set<String> = []
        var total = 0
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard !field.directives.contains(where: \.isConditional) else { continue }
                var cost = hasResolver(type, field.name) ? 1 : 0
                if let sub = field.selectionSet, let fieldType = schema.field(field.name, on: type)?.type.namedType {
                    cost = Self.add(cost, count(sub, on: fieldType, fragments))
                }
                byResponseKey[field.responseKey] = max(byResponseKey[field.responseKey] ?? 0, cost)
            case .inlineFragment(let fragment):
                guard fragment.typeCondition.map({ $0 == type }) ?? true,
                    !fragment.directives.contains(where: \.isConditional)
                else { continue }
                total = Self.add(total, count(fragment.selectionSet, on: type, fragments))
            case .fragmentSpread(let spread):
                guard spreads.insert(spread.name).inserted, !spread.directives.contains(where: \.isConditional),
                    let fragment = fragments[spread.name], fragment.condition == type
                else { continue }
                total = Self.add(total, fragment.count)
            }
        }
        return byResponseKey.values.reduce(total, Self.add)
    }
}

extension Directive {
    /// `@skip` or `@include`: whether the selection runs depends on the variables.
    fileprivate var isConditional: Bool { name == "skip" || name == "include" }
}
