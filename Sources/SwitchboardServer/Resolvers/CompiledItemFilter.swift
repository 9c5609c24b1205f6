/// One operator of a field's filter or condition input with its operand, already checked (see
/// ``ItemFilter/test(_:operand:)``), applied to an item's attribute with DynamoDB's semantics.
enum ItemTest: Sendable {
    /// Which side of the operand an ordered comparison accepts.
    enum Order: Sendable {
        case less, lessOrEqual, greater, greaterOrEqual

        func accepts(_ order: Int) -> Bool {
            switch self {
            case .less: order < 0
            case .lessOrEqual: order <= 0
            case .greater: order > 0
            case .greaterOrEqual: order >= 0
            }
        }
    }

    case equals(JSON)
    case notEquals(JSON)
    case ordered(JSON, Order)
    /// Inclusive bounds, the lower one not above the upper one.
    case between(JSON, JSON)
    case contains(JSON)
    case notContains(JSON)
    case beginsWith(JSON)
    case attributeExists(JSON)
    case attributeType(JSON)
    /// The tests of `size`'s input applied to the attribute's size; `nil` when the input is not
    /// an object (nothing passes).
    indirect case size([ItemTest]?)

    /// How many operators and functions DynamoDB counts for this test in the expression
    /// Amplify's resolvers write: `notContains` is `NOT contains(…)`, `size` a function and each
    /// of its comparisons, joined by `AND`.
    var operatorCount: Int {
        switch self {
        case .notContains: 2
        case .size(let tests): 1 + (tests ?? []).reduce(0) { $0 + $1.operatorCount } + max((tests?.count ?? 0) - 1, 0)
        default: 1
        }
    }

    /// Whether the attribute (`nil` when the item does not have it) passes. A missing attribute
    /// fails every test except `ne` and `notContains`.
    func holds(for attribute: JSON?) -> Bool {
        switch self {
        case .equals(let operand): return attribute.map { ItemFilter.equals($0, operand) } ?? false
        case .notEquals(let operand): return attribute.map { !ItemFilter.equals($0, operand) } ?? true
        case .ordered(let operand, let order): return Self.compare(attribute, operand).map(order.accepts) ?? false
        case .between(let low, let high):
            guard let fromLow = Self.compare(attribute, low), let fromHigh = Self.compare(attribute, high) else {
                return false
            }
            return fromLow >= 0 && fromHigh <= 0
        case .contains(let operand): return ItemFilter.contains(attribute, operand)
        case .notContains(let operand): return !ItemFilter.contains(attribute, operand)
        case .beginsWith(let operand):
            guard case .string(let text)? = attribute, case .string(let prefix) = operand else { return false }
            return text.utf8.starts(with: prefix.utf8)
        case .attributeExists(let operand):
            guard case .bool(let exists) = operand else { return true }
            return (attribute != nil) == exists
        case .attributeType(let operand):
            guard let attribute, case .string(let type) = operand else { return false }
            return ItemFilter.attributeType(attribute) == type
        case .size(let tests):
            guard let tests, let attribute, let size = ItemFilter.size(attribute) else { return false }
            return tests.allSatisfy { $0.holds(for: .int(size)) }
        }
    }

    private static func compare(_ attribute: JSON?, _ operand: JSON) -> Int? {
        guard let attribute else { return nil }
        return KeyOrder.compare(attribute, operand)
    }
}

/// A filter or condition expression as a tree of tests (``ItemFilter/compile(_:)``), evaluated
/// against many items without reading the expression again: the members of one object and the
/// tests of one field are ANDed, `and` and `or` combine their entries, `not` negates.
struct CompiledItemFilter: Sendable {
    indirect enum Node: Sendable {
        case every([Node])
        /// At least one entry; an `or` without entries is left out of the tree.
        case some([Node])
        case not(Node)
        /// The tests of one attribute, named by ``CompiledItemFilter/attributes``[slot].
        case attribute(slot: Int, [ItemTest])
    }

    let root: Node
    /// The attributes the tests read, each once.
    let attributes: [String]
    /// Where each attribute was found in the last item: items of one table keep a key at one
    /// position, so a page compares one key per attribute instead of searching.
    private var hints: [Int]

    init(root: Node, attributes: [String]) {
        self.root = root
        self.attributes = attributes
        hints = Array(repeating: 0, count: attributes.count)
    }

    /// Whether `item` (`nil`: no item, every attribute missing) passes.
    mutating func matches(_ item: JSONObject?) -> Bool {
        Self.holds(root, for: item, attributes: attributes, hints: &hints)
    }

    private static func holds(_ node: Node, for item: JSONObject?, attributes: [String], hints: inout [Int]) -> Bool {
        switch node {
        case .every(let entries):
            for entry in entries where !holds(entry, for: item, attributes: attributes, hints: &hints) { return false }
            return true
        case .some(let entries):
            for entry in entries where holds(entry, for: item, attributes: attributes, hints: &hints) { return true }
            return false
        case .not(let entry): return !holds(entry, for: item, attributes: attributes, hints: &hints)
        case .attribute(let slot, let tests):
            let attribute = item?.value(forKey: attributes[slot], hint: &hints[slot])
            return tests.allSatisfy { $0.holds(for: attribute) }
        }
    }
}
