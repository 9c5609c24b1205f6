// The walk over operations, fragments and selection sets with the parent type at hand, applying
// the rules that look at single nodes.

extension Validation {
    mutating func walkOperation(_ operation: OperationDefinition) {
        usages = []
        spreads = []
        var seen: [String: SourceLocation] = [:]
        for definition in operation.variableDefinitions {
            if let first = seen[definition.name] {
                report("There can be only one variable named \"$\(definition.name)\".", [first, definition.location])
            } else {
                seen[definition.name] = definition.location
            }
            let typeName = definition.type.namedType
            if let type = schema.types[typeName] {
                if !type.isInput {
                    report(
                        "Variable \"$\(definition.name)\" cannot be non-input type \"\(definition.type)\".",
                        [definition.location])
                } else if let defaultValue = definition.defaultValue {
                    checkValue(
                        defaultValue, expected: definition.type, at: definition.location, positionHasDefault: false)
                }
            } else {
                reportUnknownType(typeName, at: definition.location)
            }
            checkDirectives(definition.directives, at: .variableDefinition)
        }
        let location: DirectiveLocation
        switch operation.operation {
        case .query: location = .query
        case .mutation: location = .mutation
        case .subscription: location = .subscription
        }
        checkDirectives(operation.directives, at: location)
        let root = schema.rootType(for: operation.operation)
        if root == nil {
            report(
                "The \(operation.operation.rawValue) operation is not supported by the schema.", [operation.location])
        }
        if operation.operation == .subscription { checkSingleRootField(operation) }
        walkSelectionSet(operation.selectionSet, parent: root)
        operationUsages.append((usages, spreads))
    }

    mutating func walkFragment(_ fragment: FragmentDefinition) {
        usages = []
        spreads = []
        var parent: SchemaType?
        if let type = schema.types[fragment.typeCondition] {
            if type.isComposite {
                parent = type
            } else {
                report(
                    "Fragment \"\(fragment.name)\" cannot condition on non composite type \"\(fragment.typeCondition)\".",
                    [fragment.location])
            }
        } else {
            reportUnknownType(fragment.typeCondition, at: fragment.location)
        }
        checkDirectives(fragment.directives, at: .fragmentDefinition)
        walkSelectionSet(fragment.selectionSet, parent: parent)
        if fragmentUsages[fragment.name] == nil {
            fragmentUsages[fragment.name] = usages
            fragmentSpreads[fragment.name] = spreads
        }
    }

    mutating func reportUnknownType(_ name: String, at location: SourceLocation) {
        let suggestions = Suggestions.list(name, Array(schema.types.keys))
        report("Unknown type \"\(name)\"." + Suggestions.didYouMean(suggestions), [location])
    }

    /// SingleFieldSubscriptions: one root field, and not an introspection field.
    private mutating func checkSingleRootField(_ operation: OperationDefinition) {
        var fields: [Field] = []
        var visited: Set<String> = []
        collectRootFields(operation.selectionSet, into: &fields, visited: &visited)
        var keys: [String] = []
        var extra: [Field] = []
        for field in fields {
            if keys.isEmpty || keys.contains(field.responseKey) {
                if keys.isEmpty { keys.append(field.responseKey) }
            } else {
                extra.append(field)
            }
        }
        let subject = operation.name.map { "Subscription \"\($0)\"" } ?? "Anonymous Subscription"
        if !extra.isEmpty {
            report("\(subject) must select only one top level field.", extra.map(\.location))
        }
        for field in fields where field.name.hasPrefix("__") {
            report("\(subject) must not select an introspection top level field.", [field.location])
        }
    }

    private func collectRootFields(_ selectionSet: SelectionSet, into fields: inout [Field], visited: inout Set<String>)
    {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): fields.append(field)
            case .inlineFragment(let fragment):
                collectRootFields(fragment.selectionSet, into: &fields, visited: &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name).inserted, let fragment = fragments[spread.name] else { continue }
                collectRootFields(fragment.selectionSet, into: &fields, visited: &visited)
            }
        }
    }

    // MARK: - Selections

    mutating func walkSelectionSet(_ selectionSet: SelectionSet, parent: SchemaType?) {
        checkOverlaps(in: selectionSet, parent: parent)
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field): walkField(field, parent: parent)
            case .inlineFragment(let fragment):
                var type = parent
                if let condition = fragment.typeCondition {
                    type = nil
                    if let conditionType = schema.types[condition] {
                        if conditionType.isComposite {
                            type = conditionType
                            checkSpreadPossible(conditionType, parent: parent, fragmentName: nil, at: fragment.location)
                        } else {
                            report(
                                "Fragment cannot condition on non composite type \"\(condition)\".", [fragment.location]
                            )
                        }
                    } else {
                        reportUnknownType(condition, at: fragment.location)
                    }
                }
                checkDirectives(fragment.directives, at: .inlineFragment)
                walkSelectionSet(fragment.selectionSet, parent: type)
            case .fragmentSpread(let spread):
                spreads.append(spread.name)
                if let fragment = fragments[spread.name] {
                    if let type = schema.types[fragment.typeCondition], type.isComposite {
                        checkSpreadPossible(type, parent: parent, fragmentName: spread.name, at: spread.location)
                    }
                } else {
                    report("Unknown fragment \"\(spread.name)\".", [spread.location])
                }
                checkDirectives(spread.directives, at: .fragmentSpread)
            }
        }
    }

    /// PossibleFragmentSpreads: the fragment's type and the parent type must share an object type.
    private mutating func checkSpreadPossible(
        _ type: SchemaType, parent: SchemaType?, fragmentName: String?,
        at location: SourceLocation
    ) {
        guard let parent, parent.isComposite else { return }
        let overlap = schema.possibleObjectTypes(of: type.name).intersection(
            schema.possibleObjectTypes(of: parent.name))
        guard overlap.isEmpty else { return }
        let subject = fragmentName.map { "Fragment \"\($0)\" cannot" } ?? "Fragment cannot"
        report(
            "\(subject) be spread here as objects of type \"\(parent.name)\" can never be of type \"\(type.name)\".",
            [location])
    }

    private mutating func walkField(_ field: Field, parent: SchemaType?) {
        var definition: SchemaField?
        if let parent {
            definition = schema.field(field.name, on: parent.name)
            if definition == nil { reportUnknownField(field, on: parent) }
        }
        checkArguments(field.arguments, definitions: definition?.arguments, at: field.location) { argument in
            guard let parent, let definition else { return nil }
            let names = definition.arguments.map(\.name)
            return "Unknown argument \"\(argument)\" on field \"\(parent.name).\(field.name)\"."
                + Suggestions.didYouMean(Suggestions.list(argument, names))
        } missing: { argument in
            "Field \"\(field.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided."
        }
        checkDirectives(field.directives, at: .field)
        var subparent: SchemaType?
        if let definition, let type = schema.types[definition.type.namedType] {
            if type.isLeaf, let selectionSet = field.selectionSet {
                report(
                    "Field \"\(field.name)\" must not have a selection since type \"\(definition.type)\" has no subfields.",
                    [selectionSet.location])
            } else if !type.isLeaf && field.selectionSet == nil {
                report(
                    "Field \"\(field.name)\" of type \"\(definition.type)\" must have a selection of subfields. Did you mean \"\(field.name) { ... }\"?",
                    [field.location])
            }
            if type.isComposite { subparent = type }
        }
        if let selectionSet = field.selectionSet { walkSelectionSet(selectionSet, parent: subparent) }
    }

    /// FieldsOnCorrectType, suggesting inline fragments on possible types before similar field names.
    private mutating func reportUnknownField(_ field: Field, on parent: SchemaType) {
        var suggestion = ""
        if parent.isAbstract {
            var usage: [String: Int] = [:]
            var kinds: [String: TypeDefinitionKind] = [:]
            for possible in schema.possibleTypes(of: parent.name) {
                guard let type = schema.types[possible], type.field(named: field.name) != nil else { continue }
                usage[possible] = 1
                kinds[possible] = type.kind
                for interface in type.interfaces where schema.types[interface]?.field(named: field.name) != nil {
                    usage[interface, default: 0] += 1
                    kinds[interface] = .interface
                }
            }
            let ordered = usage.keys.sorted { a, b in
                if usage[a] != usage[b] { return usage[a, default: 0] > usage[b, default: 0] }
                if kinds[a] == .interface && schema.isPossibleType(b, of: a) { return true }
                if kinds[b] == .interface && schema.isPossibleType(a, of: b) { return false }
                return a < b
            }
            suggestion = Suggestions.didYouMean(ordered, subMessage: "to use an inline fragment on")
        }
        if suggestion.isEmpty && (parent.kind == .object || parent.kind == .interface) {
            suggestion = Suggestions.didYouMean(Suggestions.list(field.name, parent.fields.map(\.name)))
        }
        report("Cannot query field \"\(field.name)\" on type \"\(parent.name)\"." + suggestion, [field.location])
    }

    // MARK: - Arguments and directives

    /// UniqueArgumentNames, KnownArgumentNames, ProvidedRequiredArguments and the arguments' values.
    mutating func checkArguments(
        _ arguments: [Argument], definitions: [SchemaInputValue]?, at location: SourceLocation,
        unknown: (String) -> String?, missing: (SchemaInputValue) -> String
    ) {
        var seen: [String: SourceLocation] = [:]
        for argument in arguments {
            if let first = seen[argument.name] {
                report("There can be only one argument named \"\(argument.name)\".", [first, argument.location])
            } else {
                seen[argument.name] = argument.location
            }
            let definition = definitions?.first { $0.name == argument.name }
            if definitions != nil && definition == nil, let message = unknown(argument.name) {
                report(message, [argument.location])
            }
            checkValue(
                argument.value, expected: definition?.type, at: argument.location,
                positionHasDefault: definition?.defaultValue != nil)
        }
        for definition in definitions ?? [] where definition.isRequired && seen[definition.name] == nil {
            report(missing(definition), [location])
        }
    }

    /// KnownDirectives, UniqueDirectivesPerLocation and the directives' arguments.
    mutating func checkDirectives(_ directives: [Directive], at location: DirectiveLocation) {
        var seen: [String: SourceLocation] = [:]
        for directive in directives {
            guard let definition = schema.directives[directive.name] else {
                report("Unknown directive \"@\(directive.name)\".", [directive.location])
                checkArguments(directive.arguments, definitions: nil, at: directive.location) { _ in
                    nil
                } missing: { _ in
                    ""
                }
                continue
            }
            if !definition.locations.contains(location) {
                report(
                    "Directive \"@\(directive.name)\" may not be used on \(location.rawValue).", [directive.location])
            }
            if !definition.isRepeatable {
                if let first = seen[directive.name] {
                    report(
                        "The directive \"@\(directive.name)\" can only be used once at this location.",
                        [first, directive.location])
                } else {
                    seen[directive.name] = directive.location
                }
            }
            checkArguments(directive.arguments, definitions: definition.arguments, at: directive.location) { argument in
                "Unknown argument \"\(argument)\" on directive \"@\(directive.name)\"."
                    + Suggestions.didYouMean(Suggestions.list(argument, definition.arguments.map(\.name)))
            } missing: { argument in
                "Directive \"@\(directive.name)\" argument \"\(argument.name)\" of type \"\(argument.type)\" is required, but it was not provided."
            }
        }
    }
}
