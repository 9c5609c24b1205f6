// OverlappingFieldsCanBeMerged: fields with the same response key in one selection set (through
// fragments too) must be mergeable — same field and arguments unless their parents are distinct
// object types, compatible return types, and mergeable sub-selections.

/// A field as collected for comparison: its parent type and its schema definition when known.
struct CollectedField: Hashable {
    var parentName: String?
    var parentIsObject: Bool
    var field: Field
    var type: TypeReference?
}

/// Why two fields cannot be merged, as the sentence an error shows: a message, or the sub-fields
/// that conflict and why.
///
/// The sentence is written when the reason is made, from the sub-reasons' sentences, and cut at
/// ``maximumTextLength`` bytes (with "…"). Memoized comparisons share sub-reasons, so a reason is
/// a graph whose sentence can double in length at every level: written out from the graph, a few
/// kilobytes of fragments took minutes (found by `scripts/fuzz parse`).
struct OverlapReason {
    /// The reason as a sentence.
    let text: String

    /// The longest reason sentence, in bytes.
    static let maximumTextLength = 2_000

    /// A reason of its own.
    static func message(_ message: String) -> OverlapReason { OverlapReason(cutting: message) }

    /// Sub-fields, by response key, that conflict for the reasons given.
    static func subfields(_ reasons: [(String, OverlapReason)]) -> OverlapReason {
        var output = ""
        for (index, (key, reason)) in reasons.enumerated() {
            // Past the limit the rest would be cut anyway: stop writing it.
            guard output.utf8.count <= maximumTextLength else { break }
            if index > 0 { output += " and " }
            output += "subfields \"\(key)\" conflict because "
            output += reason.text
        }
        return OverlapReason(cutting: output)
    }

    private init(cutting text: String) {
        guard text.utf8.count > Self.maximumTextLength else {
            self.text = text
            return
        }
        self.text = String(decoding: text.utf8.prefix(Self.maximumTextLength), as: UTF8.self) + "…"
    }
}

struct OverlapConflict {
    var responseKey: String
    var reason: OverlapReason
    var locations1: [SourceLocation]
    var locations2: [SourceLocation]

    /// The most locations each side of a conflict lists: shared sub-conflicts would otherwise
    /// double the lists at every level, as they did the sentence.
    static let maximumLocations = 100
}

/// Memoized pair comparisons, so fragment-heavy documents stay polynomial.
struct OverlapCache {
    struct Key: Hashable {
        var first: Int
        var second: Int
        var exclusive: Bool
    }
    struct SelectionKey: Hashable {
        var offset: Int
        var parent: String?
    }
    static let maxDepth = 300
    var collected: [SelectionKey: (order: [String], map: [String: [CollectedField]])] = [:]
    var results: [Key: OverlapConflict?] = [:]
    var depth = 0
    var comparisons = 0
    var collectedFields = 0
    var exhausted = false
}

extension Validation {
    mutating func checkOverlaps(in selectionSet: SelectionSet, parent: SchemaType?) {
        guard !fragmentCycle else { return }
        var order: [String] = []
        var map: [String: [CollectedField]] = [:]
        var visited: Set<String> = []
        collectFields(selectionSet, parent: parent, order: &order, map: &map, visited: &visited)
        for key in order {
            guard let entries = map[key], entries.count > 1 else { continue }
            var unique: [CollectedField] = []
            var seen: Set<CollectedField> = []
            for entry in entries where seen.insert(entry).inserted { unique.append(entry) }
            for i in unique.indices {
                // Once the error limit or the comparison budget is reached, stop the quadratic work.
                guard !stopped && !overlapCache.exhausted else { return }
                for j in unique.indices where j > i {
                    if let conflict = findConflict(exclusive: false, unique[i], unique[j]) {
                        report(
                            "Fields \"\(conflict.responseKey)\" conflict because \(conflict.reason.text). "
                                + "Use different aliases on the fields to fetch both if this was intentional.",
                            conflict.locations1 + conflict.locations2)
                    }
                }
            }
        }
    }

    /// The fields of a sub-selection, collected once per selection set: pairs of fields compare
    /// the same sub-selections many times.
    private mutating func collectedFields(_ selectionSet: SelectionSet, parent: SchemaType?)
        -> (order: [String], map: [String: [CollectedField]])
    {
        let key = OverlapCache.SelectionKey(offset: selectionSet.location.offset, parent: parent?.name)
        let cacheable = selectionSet.location != .unknown
        if cacheable, let cached = overlapCache.collected[key] { return cached }
        var order: [String] = []
        var map: [String: [CollectedField]] = [:]
        var visited: Set<String> = []
        collectFields(selectionSet, parent: parent, order: &order, map: &map, visited: &visited)
        if cacheable { overlapCache.collected[key] = (order, map) }
        return (order, map)
    }

    /// The fields of `selectionSet` with its fragments expanded, by response key. Every
    /// selection set expands the fragments it spreads again, so a chain of fragments costs the
    /// square of its length: past ``Validator/maxCollectedFields`` in one document, validation
    /// stops with an error instead of taking seconds.
    private mutating func collectFields(
        _ selectionSet: SelectionSet, parent: SchemaType?, order: inout [String],
        map: inout [String: [CollectedField]], visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            guard !overlapCache.exhausted else { return }
            switch selection {
            case .field(let field):
                overlapCache.collectedFields += 1
                if overlapCache.collectedFields > Validator.maxCollectedFields {
                    overlapCache.exhausted = true
                    report(
                        "Validation aborted: checking that fields can be merged needs more than "
                            + "\(Validator.maxCollectedFields) fields collected through fragments.", [field.location])
                    return
                }
                let definition = parent.flatMap { schema.field(field.name, on: $0.name) }
                let entry = CollectedField(
                    parentName: parent?.name, parentIsObject: parent?.kind == .object,
                    field: field, type: definition?.type)
                if map[field.responseKey] == nil { order.append(field.responseKey) }
                map[field.responseKey, default: []].append(entry)
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.map { schema.types[$0] } ?? parent
                collectFields(fragment.selectionSet, parent: type, order: &order, map: &map, visited: &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name).inserted, let fragment = fragments[spread.name] else { continue }
                collectFields(
                    fragment.selectionSet, parent: schema.types[fragment.typeCondition], order: &order,
                    map: &map, visited: &visited)
            }
        }
    }

    private mutating func findConflict(
        exclusive parentExclusive: Bool, _ first: CollectedField,
        _ second: CollectedField
    ) -> OverlapConflict? {
        overlapCache.comparisons += 1
        if overlapCache.comparisons > Validator.maxFieldComparisons {
            if !overlapCache.exhausted {
                overlapCache.exhausted = true
                report(
                    "Validation aborted: checking that fields can be merged needs more than "
                        + "\(Validator.maxFieldComparisons) field comparisons.", [first.field.location])
            }
            return nil
        }
        // Only pairs with sub-selections recurse, so only they are worth remembering.
        let cacheable =
            first.field.location != .unknown && second.field.location != .unknown
            && first.field.selectionSet != nil && second.field.selectionSet != nil
        let key = OverlapCache.Key(
            first: first.field.location.offset, second: second.field.location.offset,
            exclusive: parentExclusive)
        if cacheable, let cached = overlapCache.results[key] { return cached }
        // Fragments that spread themselves inside fields would otherwise compare the same pair
        // forever: a pair being compared counts as mergeable until its comparison finishes, and
        // documents without locations are cut off at a depth no real query reaches.
        guard overlapCache.depth < OverlapCache.maxDepth else { return nil }
        if cacheable { overlapCache.results[key] = .some(nil) }
        overlapCache.depth += 1
        let result = computeConflict(exclusive: parentExclusive, first, second)
        overlapCache.depth -= 1
        if cacheable { overlapCache.results[key] = result }
        return result
    }

    private mutating func computeConflict(
        exclusive parentExclusive: Bool, _ first: CollectedField,
        _ second: CollectedField
    ) -> OverlapConflict? {
        let key = first.field.responseKey
        let exclusive =
            parentExclusive
            || (first.parentName != second.parentName && first.parentIsObject && second.parentIsObject)
        func conflict(_ message: String) -> OverlapConflict {
            OverlapConflict(
                responseKey: key, reason: .message(message), locations1: [first.field.location],
                locations2: [second.field.location])
        }
        if !exclusive {
            if first.field.name != second.field.name {
                return conflict("\"\(first.field.name)\" and \"\(second.field.name)\" are different fields")
            }
            if !sameArguments(first.field.arguments, second.field.arguments) {
                return conflict("they have differing arguments")
            }
        }
        if let type1 = first.type, let type2 = second.type, typesConflict(type1, type2) {
            return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
        }
        guard let set1 = first.field.selectionSet, let set2 = second.field.selectionSet else { return nil }
        let parent1 = first.type.flatMap { schema.types[$0.namedType] }.flatMap { $0.isComposite ? $0 : nil }
        let parent2 = second.type.flatMap { schema.types[$0.namedType] }.flatMap { $0.isComposite ? $0 : nil }
        let (order1, map1) = collectedFields(set1, parent: parent1)
        let (_, map2) = collectedFields(set2, parent: parent2)
        var subconflicts: [OverlapConflict] = []
        for subkey in order1 {
            guard let entries2 = map2[subkey], let entries1 = map1[subkey] else { continue }
            for entry1 in entries1 {
                for entry2 in entries2 {
                    if let sub = findConflict(exclusive: exclusive, entry1, entry2) { subconflicts.append(sub) }
                }
            }
        }
        guard !subconflicts.isEmpty else { return nil }
        let limit = OverlapConflict.maximumLocations
        var locations1 = [first.field.location]
        var locations2 = [second.field.location]
        for sub in subconflicts {
            locations1 += sub.locations1.prefix(limit - locations1.count)
            locations2 += sub.locations2.prefix(limit - locations2.count)
        }
        return OverlapConflict(
            responseKey: key, reason: .subfields(subconflicts.map { ($0.responseKey, $0.reason) }),
            locations1: locations1, locations2: locations2)
    }

    private func sameArguments(_ first: [Argument], _ second: [Argument]) -> Bool {
        guard first.count == second.count else { return false }
        return first.allSatisfy { argument in
            second.contains { $0.name == argument.name && Printer.print($0.value) == Printer.print(argument.value) }
        }
    }

    private func typesConflict(_ first: TypeReference, _ second: TypeReference) -> Bool {
        switch (first, second) {
        case (.list(let a), .list(let b)): return typesConflict(a, b)
        case (.list, _), (_, .list): return true
        case (.nonNull(let a), .nonNull(let b)): return typesConflict(a, b)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let a), .named(let b)):
            let leaf = (schema.types[a]?.isLeaf ?? false) || (schema.types[b]?.isLeaf ?? false)
            return leaf && a != b
        }
    }
}
