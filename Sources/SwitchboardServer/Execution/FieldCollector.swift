import GraphQLLanguage
import SwitchboardCore

/// The spec's CollectFields: the fields a selection set selects on a concrete object type,
/// grouped by response key in first-appearance order, following fragments whose type condition
/// applies and honouring `@skip` and `@include`.
struct FieldCollector: Sendable {
    let schema: Schema
    let fragments: [String: FragmentDefinition]
    let variables: JSONObject
    /// Numbers the groups this collector makes (an execution keeps what it learns about a group
    /// at the group's number).
    let numbering: GroupNumbering

    init(
        schema: Schema, fragments: [String: FragmentDefinition], variables: JSONObject,
        numbering: GroupNumbering = GroupNumbering()
    ) {
        self.schema = schema
        self.fragments = fragments
        self.variables = variables
        self.numbering = numbering
    }

    /// Fields grouped under one response key.
    ///
    /// A class: every field of every item executed reads its group, and copying a struct of
    /// strings, nodes and schema types cost a reference count for each of them (4 % of a list
    /// page).
    ///
    /// Groups may be shared by the executions of one operation (see ``ExecutionPlan``): what an
    /// execution learns about a group is kept by the execution, at ``index``.
    // Unchecked: `nodes` changes only while the collector builds the group, before it is shared;
    // the sub-selections and the rows are behind locks of their own.
    final class Group: @unchecked Sendable {
        let responseKey: String
        fileprivate(set) var nodes: [Field]
        /// The field's definition on the type the group was collected on (`nil` for
        /// `__typename` and unknown fields), looked up once rather than for every item.
        let definition: SchemaField?
        /// The kind of the schema type the field's type names, looked up with the definition (the
        /// kind alone: binding the type for every value copied all its members).
        let namedKind: TypeDefinitionKind?
        let name: String
        /// The response key as JSON text with its colon (`"title":`), escaped once for every
        /// object written with it.
        let keyText: [UInt8]
        /// The field's type, and whether it is non-null, read for every value of the field.
        let fieldType: TypeReference?
        let isNonNull: Bool
        /// The name of the type `fieldType` wraps, unwrapped once: a scalar member reads it for
        /// every value.
        let namedType: String?
        /// Whether the field is `__typename`, and whether it is any other field the type defines;
        /// compared once here rather than for every object written.
        let isTypename: Bool
        let isDefined: Bool
        /// Whether the field takes no arguments and its type is a scalar, nullable or not (no
        /// list): on a plain object its value is the parent's member written as it serializes,
        /// which ``ExecutionRun`` does without the general steps.
        let isScalarLeaf: Bool

        /// The group's number among those of its collector, unique within an execution.
        let index: Int
        /// The groups of the field's sub-selection, by object type, collected once for every
        /// execution that shares the group.
        private let subfieldsByType = Locked<[(objectType: String, groups: [Group])]>([])
        /// The rows of the field's objects (see ``ScalarRow``), by what they depend on: a few
        /// (object type, caller's mode) at most.
        private let scalarRows = Locked<[(key: ScalarRow.Key, row: ScalarRow?)]>([])

        init(
            responseKey: String, nodes: [Field], definition: SchemaField?, namedKind: TypeDefinitionKind?, index: Int
        ) {
            self.responseKey = responseKey
            self.index = index
            var writer = JSONWriter(capacity: responseKey.utf8.count + 3)
            writer.writeString(responseKey)
            writer.writeByte(UInt8(ascii: ":"))
            keyText = writer.bytes
            fieldType = definition?.type
            isNonNull = definition?.type.isNonNull ?? false
            namedType = definition?.type.namedType
            self.nodes = nodes
            self.definition = definition
            self.namedKind = namedKind
            name = nodes[0].name
            isTypename = name == "__typename"
            isDefined = definition != nil
            switch definition?.type {
            case .named?, .nonNull(.named)?:
                isScalarLeaf = namedKind == .scalar && definition?.arguments.isEmpty == true
            default: isScalarLeaf = false
            }
        }

        /// The groups of the field's sub-selection on `objectType`, from `collector` the first
        /// time they are asked for.
        func subfields(on objectType: String, by collector: FieldCollector) -> [Group] {
            subfieldsByType.withLock { known in
                if let found = known.first(where: { $0.objectType == objectType }) { return found.groups }
                let groups = collector.collectSubfields(of: nodes, on: objectType)
                known.append((objectType, groups))
                return groups
            }
        }

        /// The row of the field's objects under `key`, from `make` the first time. Made outside
        /// the lock; of two executions racing to make it, the first to finish wins.
        func scalarRow(for key: ScalarRow.Key, make: () -> ScalarRow?) -> ScalarRow? {
            if let known = scalarRows.withLock({ rows in rows.first(where: { $0.key == key }) }) { return known.row }
            let made = make()
            return scalarRows.withLock { rows in
                if let raced = rows.first(where: { $0.key == key }) { return raced.row }
                rows.append((key, made))
                return made
            }
        }
    }

    /// The groups of `selectionSet` on `objectType`.
    func collect(_ selectionSet: SelectionSet, on objectType: String) -> [Group] {
        var groups: [Group] = []
        var positions: [String: Int] = [:]
        var visited: Set<String> = []
        collect(selectionSet, on: objectType, into: &groups, &positions, &visited)
        return groups
    }

    /// The groups of the sub-selections of every node in `nodes` (a merged field), on `objectType`.
    func collectSubfields(of nodes: [Field], on objectType: String) -> [Group] {
        var groups: [Group] = []
        var positions: [String: Int] = [:]
        var visited: Set<String> = []
        for node in nodes {
            if let selectionSet = node.selectionSet {
                collect(selectionSet, on: objectType, into: &groups, &positions, &visited)
            }
        }
        return groups
    }

    private func collect(
        _ selectionSet: SelectionSet, on objectType: String, into groups: inout [Group],
        _ positions: inout [String: Int], _ visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                guard isIncluded(field.directives) else { continue }
                if let position = positions[field.responseKey] {
                    groups[position].nodes.append(field)
                } else {
                    positions[field.responseKey] = groups.count
                    let definition = schema.field(field.name, on: objectType)
                    groups.append(
                        Group(
                            responseKey: field.responseKey, nodes: [field], definition: definition,
                            namedKind: definition.flatMap { schema.type(named: $0.type.namedType)?.kind },
                            index: numbering.next()))
                }
            case .inlineFragment(let fragment):
                guard isIncluded(fragment.directives), applies(fragment.typeCondition, to: objectType) else { continue }
                collect(fragment.selectionSet, on: objectType, into: &groups, &positions, &visited)
            case .fragmentSpread(let spread):
                guard isIncluded(spread.directives), visited.insert(spread.name).inserted,
                    let fragment = fragments[spread.name], applies(fragment.typeCondition, to: objectType)
                else { continue }
                collect(fragment.selectionSet, on: objectType, into: &groups, &positions, &visited)
            }
        }
    }

    private func applies(_ typeCondition: String?, to objectType: String) -> Bool {
        guard let typeCondition else { return true }
        return typeCondition == objectType || schema.isPossibleType(objectType, of: typeCondition)
    }

    /// `@skip(if:)` and `@include(if:)`, with variables.
    func isIncluded(_ directives: [Directive]) -> Bool {
        for directive in directives where directive.name == "skip" || directive.name == "include" {
            guard let argument = directive.arguments.first(where: { $0.name == "if" }) else { continue }
            let condition: Bool
            switch argument.value {
            case .boolean(let flag): condition = flag
            case .variable(let name): condition = variables[name]?.boolValue ?? false
            default: condition = false
            }
            if directive.name == "skip" && condition { return false }
            if directive.name == "include" && !condition { return false }
        }
        return true
    }
}

/// Hands out group numbers, one after another (shared by the executions of a plan, so locked).
final class GroupNumbering: Sendable {
    private let count = Locked(0)

    /// The next number.
    func next() -> Int {
        count.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
