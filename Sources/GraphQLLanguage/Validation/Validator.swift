/// Checks executable documents against a schema with every rule of the specification's section 5
/// (graphql-js's `specifiedRules`), reporting graphql-js's messages with locations.
///
/// ```swift
/// let errors = Validator.validate(try Parser.parse("{ hero { nmae } }"), against: schema)
/// // Cannot query field "nmae" on type "Character". Did you mean "name"? (1:10)
/// ```
package enum Validator {
    /// The most errors reported before validation stops, as graphql-js does.
    package static let maxErrors = 100

    /// The most field pairs OverlappingFieldsCanBeMerged compares in one document. The rule is
    /// quadratic in the fields sharing a response key; real documents need a few thousand
    /// comparisons, hostile ones (thousands of same-named fields) are rejected instead of
    /// taking seconds of CPU.
    package static let maxFieldComparisons = 200_000

    /// The most fields OverlappingFieldsCanBeMerged collects in one document, counting a field
    /// again for every selection set that reaches it through fragment spreads. Real documents
    /// collect thousands; a chain of fragments each holding many fields collects the square of
    /// its size, and is refused instead of taking seconds.
    package static let maxCollectedFields = 1_000_000

    /// The deepest nesting of selection sets allowed once fragment spreads are followed (see
    /// ``NestingDepth``): the parser's own limit, which cannot see nesting made by spreads. Every
    /// rule walks spreads recursively, so a deeper document is refused before any rule runs; a
    /// chain of 6,000 fragments used to overflow the stack.
    package static let maxNestingDepth = ParserOptions().maxDepth

    /// Every rule violation in `document`, in document order; empty when the document is valid.
    package static func validate(_ document: Document, against schema: Schema) -> [ValidationError] {
        var validation = Validation(schema: schema, document: document)
        validation.run()
        return validation.errors
    }
}

extension Schema {
    /// Every rule violation of `document` against this schema; empty when it is valid.
    package func validate(_ document: Document) -> [ValidationError] {
        Validator.validate(document, against: self)
    }
}

/// Where a variable is used and what type that position expects.
struct VariableUsage {
    var name: String
    var location: SourceLocation
    var expectedType: TypeReference?
    var positionHasDefault: Bool
    /// The `@oneOf` input object whose only field this variable fills, which needs a non-null variable.
    var oneOfInputType: String?
}

/// One validation run: the walk over the document and everything the rules accumulate.
struct Validation {
    let schema: Schema
    let document: Document
    let fragments: [String: FragmentDefinition]
    private(set) var errors: [ValidationError] = []
    private var reported: Set<ValidationError> = []
    private(set) var stopped = false

    // Per definition being walked (an operation or a fragment).
    var usages: [VariableUsage] = []
    var spreads: [String] = []
    // Per fragment, gathered once.
    var fragmentUsages: [String: [VariableUsage]] = [:]
    var fragmentSpreads: [String: [String]] = [:]
    var overlapCache = OverlapCache()
    /// Whether some fragment spreads itself, directly or not (OverlappingFieldsCanBeMerged is
    /// then skipped: see `run()`).
    var fragmentCycle = false

    init(schema: Schema, document: Document) {
        self.schema = schema
        self.document = document
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name] == nil {
            fragments[fragment.name] = fragment
        }
        self.fragments = fragments
    }

    mutating func report(_ message: String, _ locations: [SourceLocation]) {
        guard !stopped else { return }
        let error = ValidationError(message: message, locations: locations)
        guard reported.insert(error).inserted else { return }
        if errors.count >= Validator.maxErrors {
            errors.append(
                ValidationError(
                    message: "Too many validation errors, error limit reached. Validation aborted.", locations: []))
            stopped = true
            return
        }
        errors.append(error)
    }

    mutating func run() {
        // A cycle makes the depth below depend on which spreads were left out, while the
        // overlap rule follows spreads recursively in document order: a document with a cycle
        // (an error the cycle rule reports) skips that rule, so no walk of spreads can be deep.
        let dependencies = document.fragmentDependencies()
        fragmentCycle = dependencies.hasCycle
        guard checkNestingDepth(fragmentOrder: dependencies.order) else { return }
        checkDefinitions()
        for definition in document.definitions {
            switch definition {
            case .operation(let operation): walkOperation(operation)
            case .fragment(let fragment): walkFragment(fragment)
            default: break
            }
        }
        checkFragmentUsage()
        for (index, operation) in document.operations.enumerated() { checkVariables(of: operation, index: index) }
    }

    // MARK: - Document-level rules

    /// Refuses a document that nests deeper than ``Validator/maxNestingDepth`` through fragment
    /// spreads, naming its deepest definition; `false` when the other rules must not run.
    private mutating func checkNestingDepth(fragmentOrder: [FragmentDefinition]) -> Bool {
        let depths = document.nestingDepths(fragmentOrder: fragmentOrder)
        var deepest: (depth: Int, name: String, location: SourceLocation)?
        for (operation, depth) in zip(document.operations, depths.operations)
        where depth.selectionSets > deepest?.depth ?? Validator.maxNestingDepth {
            let name = operation.name.map { "Operation \"\($0)\"" } ?? "The anonymous operation"
            deepest = (depth.selectionSets, name, operation.location)
        }
        for fragment in document.fragments {
            guard let depth = depths.fragments[fragment.name]?.selectionSets,
                depth > deepest?.depth ?? Validator.maxNestingDepth
            else { continue }
            deepest = (depth, "Fragment \"\(fragment.name)\"", fragment.location)
        }
        guard let deepest else { return true }
        report(
            "\(deepest.name) nests selections \(deepest.depth) levels deep through its fragment spreads; "
                + "the most allowed is \(Validator.maxNestingDepth).", [deepest.location])
        return false
    }

    /// ExecutableDefinitions, UniqueOperationNames, LoneAnonymousOperation, UniqueFragmentNames.
    private mutating func checkDefinitions() {
        let operations = document.operations
        var operationNames: [String: SourceLocation] = [:]
        var fragmentNames: [String: SourceLocation] = [:]
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                if let name = operation.name {
                    if let first = operationNames[name] {
                        report("There can be only one operation named \"\(name)\".", [first, operation.location])
                    } else {
                        operationNames[name] = operation.location
                    }
                } else if operations.count > 1 {
                    report("This anonymous operation must be the only defined operation.", [operation.location])
                }
            case .fragment(let fragment):
                if let first = fragmentNames[fragment.name] {
                    report("There can be only one fragment named \"\(fragment.name)\".", [first, fragment.location])
                } else {
                    fragmentNames[fragment.name] = fragment.location
                }
            case .schema(let schema), .schemaExtension(let schema):
                report("The schema definition is not executable.", [schema.location])
            case .type(let type), .typeExtension(let type):
                report("The \"\(type.name)\" definition is not executable.", [type.location])
            case .directive(let directive):
                report("The \"\(directive.name)\" definition is not executable.", [directive.location])
            }
        }
    }

    /// NoUnusedFragments and NoFragmentCycles.
    private mutating func checkFragmentUsage() {
        var used: Set<String> = []
        var pending: [String] = []
        for operation in document.operations {
            pending += operation.selectionSet.spreadNames
        }
        while let name = pending.popLast() {
            guard used.insert(name).inserted else { continue }
            pending += fragmentSpreads[name] ?? []
        }
        for fragment in document.fragments where !used.contains(fragment.name) {
            report("Fragment \"\(fragment.name)\" is never used.", [fragment.location])
        }
        checkFragmentCycles()
    }

    /// Depth-first search over fragment spreads, reporting each cycle once (graphql-js's
    /// algorithm), with an explicit stack: a chain of fragments as long as the document allows
    /// must not exhaust the thread's stack.
    private mutating func checkFragmentCycles() {
        var visited: Set<String> = []
        var spreadPath: [FragmentSpread] = []
        var pathIndex: [String: Int] = [:]
        // A fragment on the path and its spreads still to follow.
        var stack: [(name: String, spreads: [FragmentSpread], next: Int)] = []
        /// Enters `fragment` unless it was seen; `false` when there is nothing to follow.
        func enter(_ fragment: FragmentDefinition) -> Bool {
            guard visited.insert(fragment.name).inserted else { return false }
            let spreads = allSpreads(fragment.selectionSet)
            guard !spreads.isEmpty else { return false }
            pathIndex[fragment.name] = spreadPath.count
            stack.append((fragment.name, spreads, 0))
            return true
        }
        for fragment in document.fragments {
            guard enter(fragment) else { continue }
            while let top = stack.last {
                guard top.next < top.spreads.count else {
                    pathIndex[top.name] = nil
                    stack.removeLast()
                    // The spread that led into the finished fragment leaves the path.
                    if !stack.isEmpty { spreadPath.removeLast() }
                    continue
                }
                let spread = top.spreads[top.next]
                stack[stack.count - 1].next += 1
                spreadPath.append(spread)
                if let cycleIndex = pathIndex[spread.name] {
                    let cyclePath = spreadPath[cycleIndex...]
                    let via = cyclePath.dropLast().map { "\"\($0.name)\"" }.joined(separator: ", ")
                    report(
                        "Cannot spread fragment \"\(spread.name)\" within itself"
                            + (via.isEmpty ? "." : " via \(via)."),
                        cyclePath.map(\.location))
                    spreadPath.removeLast()
                } else if let target = fragments[spread.name], enter(target) {
                    continue
                } else {
                    spreadPath.removeLast()
                }
            }
        }
    }

    private func allSpreads(_ selectionSet: SelectionSet) -> [FragmentSpread] {
        var result: [FragmentSpread] = []
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): if let set = field.selectionSet { result += allSpreads(set) }
            case .inlineFragment(let fragment): result += allSpreads(fragment.selectionSet)
            case .fragmentSpread(let spread): result.append(spread)
            }
        }
        return result
    }

    /// NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition for one operation,
    /// following its fragment spreads transitively.
    private mutating func checkVariables(of operation: OperationDefinition, index: Int) {
        guard index < operationUsages.count else { return }
        let operationUsages = operationUsages[index]
        var all = operationUsages.usages
        var seen: Set<String> = []
        var pending = operationUsages.spreads
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            all += fragmentUsages[name] ?? []
            pending += fragmentSpreads[name] ?? []
        }
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.variableDefinitions where definitions[definition.name] == nil {
            definitions[definition.name] = definition
        }
        for usage in all {
            guard let definition = definitions[usage.name] else {
                let message =
                    operation.name.map { "Variable \"$\(usage.name)\" is not defined by operation \"\($0)\"." }
                    ?? "Variable \"$\(usage.name)\" is not defined."
                report(message, [usage.location, operation.location])
                continue
            }
            if let oneOf = usage.oneOfInputType, !definition.type.isNonNull {
                report(
                    "Variable \"$\(usage.name)\" is of type \"\(definition.type)\" but must be non-nullable to be used for OneOf Input Object \"\(oneOf)\".",
                    [usage.location])
            }
            guard let expected = usage.expectedType, schema.types[definition.type.namedType] != nil else { continue }
            if !isAllowed(definition, usage, expected) {
                report(
                    "Variable \"$\(usage.name)\" of type \"\(definition.type)\" used in position expecting type \"\(expected)\".",
                    [definition.location, usage.location])
            }
        }
        let usedNames = Set(all.map(\.name))
        for definition in operation.variableDefinitions where !usedNames.contains(definition.name) {
            let message =
                operation.name.map { "Variable \"$\(definition.name)\" is never used in operation \"\($0)\"." }
                ?? "Variable \"$\(definition.name)\" is never used."
            report(message, [definition.location])
        }
    }

    private func isAllowed(_ definition: VariableDefinition, _ usage: VariableUsage, _ expected: TypeReference) -> Bool
    {
        if case .nonNull(let inner) = expected, !definition.type.isNonNull {
            let hasDefault = definition.defaultValue.map { $0 != .null } ?? false
            guard hasDefault || usage.positionHasDefault else { return false }
            return isInputSubtype(definition.type, of: inner)
        }
        return isInputSubtype(definition.type, of: expected)
    }

    private func isInputSubtype(_ sub: TypeReference, of superType: TypeReference) -> Bool {
        switch (sub, superType) {
        case (.nonNull(let a), .nonNull(let b)): return isInputSubtype(a, of: b)
        case (.nonNull(let a), _): return isInputSubtype(a, of: superType)
        case (_, .nonNull): return false
        case (.list(let a), .list(let b)): return isInputSubtype(a, of: b)
        case (.list, _), (_, .list): return false
        case (.named(let a), .named(let b)): return a == b
        }
    }

    /// What each operation uses directly, in the order of `document.operations`.
    var operationUsages: [(usages: [VariableUsage], spreads: [String])] = []
}
