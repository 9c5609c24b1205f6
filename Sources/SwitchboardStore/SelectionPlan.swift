import GraphQLLanguage
import Switchboard
import SwitchboardCore

/// An operation's or a fragment's selection sets, with named fragments inlined, ready to be
/// walked beside a response (to normalize it) or beside the store's records (to read it back).
///
/// Plans are made once per document text and shared by the process, because a typed operation's
/// document is a constant and parsing it on every request would cost more than the walk itself.
struct SelectionPlan: Sendable {
    /// The root selection set.
    let root: PlannedSelectionSet
    /// Where the root selection set is read from and written to when nothing else says so.
    let rootKey: CacheKey
    /// The operation's variable definitions, for default values.
    let variableDefaults: [String: Value]
    /// The object types of each type condition, when the operation lists them.
    var possibleTypes: [String: Set<String>] = [:]

    /// The plan of the operation named `operationName` in `document` (or its only operation).
    static func operation(_ document: String, named operationName: String?) throws(RecordStoreError) -> SelectionPlan {
        let cacheKey = operationKey(document, named: operationName)
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        let parsed = try parse(document)
        guard let operation = parsed.operation(named: operationName) else {
            throw .invalidDocument(
                "The document has no operation \(operationName.map { "named \($0)" } ?? "to run").")
        }
        let inliner = FragmentInliner(document: parsed)
        let plan = SelectionPlan(
            root: try inliner.plan(operation.selectionSet),
            rootKey: CacheKey.root(of: operation.operation),
            variableDefaults: Dictionary(
                operation.variableDefinitions.compactMap { definition in
                    definition.defaultValue.map { (definition.name, $0) }
                },
                uniquingKeysWith: { first, _ in first }))
        remember(plan, as: cacheKey)
        return plan
    }

    /// The plan of the first fragment in `document` (a generated fragment's definition, followed
    /// by the fragments it spreads), read on an object of any type.
    static func fragment(_ document: String) throws(RecordStoreError) -> SelectionPlan {
        let cacheKey = "fragment:\u{0}" + document
        if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
        let parsed = try parse(document)
        guard let fragment = parsed.fragments.first else {
            throw .invalidDocument(
                "The fragment definition is empty: a hand-written fragment needs a fragmentDefinition.")
        }
        let inliner = FragmentInliner(document: parsed)
        let body = try inliner.plan(fragment.selectionSet)
        let plan = SelectionPlan(
            root: PlannedSelectionSet(items: [.conditional(fragment.typeCondition, [], body)]),
            rootKey: .queryRoot, variableDefaults: [:])
        remember(plan, as: cacheKey)
        return plan
    }

    private static func parse(_ document: String) throws(RecordStoreError) -> Document {
        do {
            return try Parser.parse(document)
        } catch {
            throw .invalidDocument("The document does not parse: \(error)")
        }
    }

    /// The cache's key for the operation `operationName` of `document`.
    private static func operationKey(_ document: String, named operationName: String?) -> String {
        "operation:" + (operationName ?? "") + "\u{0}" + document
    }

    private static func remember(_ plan: SelectionPlan, as key: String) {
        // Typed operations are a fixed set; the bounds only guard against documents built at run
        // time, which would otherwise grow the cache without end. A plan takes several times its
        // text, so the text is bounded too, and a very long document is planned every time.
        cache.withLock { $0.keep(plan, for: key) }
    }

    /// How many plans the process keeps.
    static let maximumCachedPlans = 512
    /// How many bytes of document text the kept plans may have been made from, together.
    static let maximumCachedTextBytes = 4 << 20
    /// Plans of documents longer than this are not kept.
    static let maximumCachedDocumentBytes = 256 << 10

    private static let cache = Locked(
        TextKeyedCache<SelectionPlan>(
            maximumCount: maximumCachedPlans, maximumTextBytes: maximumCachedTextBytes,
            maximumTextLength: maximumCachedDocumentBytes))

    /// What the cache holds now (for tests).
    static var cachedTextBytes: Int { cache.withLock { $0.textBytes } }

    /// Whether the plan of `document`'s operation `operationName` is kept (for tests).
    static func isCached(_ document: String, named operationName: String?) -> Bool {
        cache.withLock { $0[operationKey(document, named: operationName)] != nil }
    }
}

/// One selection set of a plan. A class, so that the many copies a walk makes of collected
/// fields cost one reference count each.
final class PlannedSelectionSet: Sendable {
    /// Fields and type-conditioned groups, in document order.
    let items: [PlannedSelection]
    /// The collected fields when they are the same for every object: no type condition and no
    /// `@skip`/`@include`. Most selection sets are like that, and collecting them once saves a
    /// dictionary per object written or read.
    let fixedFields: [CollectedField]?
    /// Whether the fixed fields have fixed storage keys that differ (no two aliases of one field):
    /// then a new record can take a written object's fields as they come.
    let hasDistinctStorageKeys: Bool

    init(items: [PlannedSelection]) {
        self.items = items
        let fixed = PlannedSelectionSet.fixedFields(of: items)
        fixedFields = fixed
        let keys = fixed?.compactMap(\.field.fixedStorageKey) ?? []
        hasDistinctStorageKeys = fixed != nil && keys.count == fixed?.count && Set(keys).count == keys.count
    }

    private static func fixedFields(of items: [PlannedSelection]) -> [CollectedField]? {
        var fields: [CollectedField] = []
        fields.reserveCapacity(items.count)
        for item in items {
            guard case .field(let field) = item, field.directives.isEmpty else { return nil }
            if let position = fields.firstIndex(where: { $0.responseKey == field.responseKey }) {
                if let nested = field.selectionSet {
                    fields[position].selectionSet = PlannedSelectionSet(
                        items: (fields[position].selectionSet?.items ?? []) + nested.items)
                }
            } else {
                fields.append(CollectedField(field: field, selectionSet: field.selectionSet))
            }
        }
        return fields
    }
}

/// A field, or a group of selections under a type condition (an inline fragment or an inlined
/// fragment spread).
enum PlannedSelection: Sendable {
    case field(PlannedField)
    /// The type condition (`nil` for none), the group's `@skip`/`@include` directives, its selections.
    case conditional(String?, [Directive], PlannedSelectionSet)
}

/// A field of a plan (a class for the same reason as ``PlannedSelectionSet``).
final class PlannedField: Sendable {
    /// The key of the field in the response: its alias or its name.
    let responseKey: String
    /// The field's name in the schema.
    let name: String
    /// The field's arguments, unresolved.
    let arguments: [Argument]
    /// The field's `@skip`/`@include` directives.
    let directives: [Directive]
    /// The sub-selections of an object or list-of-objects field.
    let selectionSet: PlannedSelectionSet?
    /// The storage key when it does not depend on variables.
    let fixedStorageKey: String?
    /// The response key's UTF-8 bytes, for finding the field in a response.
    let responseKeyBytes: [UInt8]
    /// `"responseKey":`, written before the field's value when it is read back.
    let quotedResponseKey: [UInt8]
    /// The pagination its arguments and selections imply (see ``PaginationRule``).
    let impliedPagination: PaginationRule?

    init(_ field: Field, selectionSet: PlannedSelectionSet?) {
        responseKey = field.responseKey
        name = field.name
        arguments = field.arguments
        directives = field.directives.filter { $0.name == "skip" || $0.name == "include" }
        self.selectionSet = selectionSet
        fixedStorageKey = field.arguments.isEmpty ? field.name : nil
        responseKeyBytes = Array(field.responseKey.utf8)
        var quoted: [UInt8] = []
        JSONValue.appendQuoted(field.responseKey, to: &quoted)
        quoted.append(UInt8(ascii: ":"))
        quotedResponseKey = quoted
        let selected = Set(
            (selectionSet?.items ?? []).compactMap { item -> String? in
                if case .field(let field) = item { return field.name }
                return nil
            })
        impliedPagination =
            field.arguments.isEmpty
            ? nil : PaginationRule.implied(arguments: field.arguments.map(\.name), selected: selected)
    }
}

/// Turns selection sets into plans, replacing each fragment spread with its fragment's selections.
private struct FragmentInliner {
    let document: Document

    func plan(_ selectionSet: SelectionSet, visiting: Set<String> = []) throws(RecordStoreError)
        -> PlannedSelectionSet
    {
        var items: [PlannedSelection] = []
        items.reserveCapacity(selectionSet.selections.count)
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                var nested: PlannedSelectionSet?
                if let selectionSet = field.selectionSet { nested = try plan(selectionSet, visiting: visiting) }
                items.append(.field(PlannedField(field, selectionSet: nested)))
            case .inlineFragment(let fragment):
                items.append(
                    .conditional(
                        fragment.typeCondition, conditionalDirectives(fragment.directives),
                        try plan(fragment.selectionSet, visiting: visiting)))
            case .fragmentSpread(let spread):
                guard let fragment = document.fragment(named: spread.name) else {
                    throw .invalidDocument("The document spreads ...\(spread.name), which it does not define.")
                }
                guard !visiting.contains(spread.name) else {
                    throw .invalidDocument("The fragment \(spread.name) spreads itself.")
                }
                items.append(
                    .conditional(
                        fragment.typeCondition, conditionalDirectives(spread.directives),
                        try plan(fragment.selectionSet, visiting: visiting.union([spread.name]))))
            }
        }
        return PlannedSelectionSet(items: items)
    }

    private func conditionalDirectives(_ directives: [Directive]) -> [Directive] {
        directives.filter { $0.name == "skip" || $0.name == "include" }
    }
}
