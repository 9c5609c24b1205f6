/// Amplify's `filter` and `condition` inputs evaluated against an item with DynamoDB's
/// semantics (what `$util.transform.toDynamoDBFilterExpression` produces, and what DynamoDB then
/// does): the members of one object and the operators on one field are ANDed, `and`/`or` lists
/// combine their entries, `not` negates; comparisons are typed (a number never equals a string),
/// a missing attribute fails every comparison except `ne` and `notContains`, `contains` is a
/// substring test on strings and a membership test on lists, `between` is inclusive. Strings
/// compare by their UTF-8 bytes, as DynamoDB compares them: "é" precomposed is not "e" followed by
/// a combining accent, though Swift's `==` calls them equal.
struct ItemFilter: Sendable {
    /// DynamoDB's limit on an expression: at most 300 operators and functions (comparisons,
    /// `contains`, `begins_with`, `size`, `attribute_exists`, `AND`, `OR`, `NOT`). Each one is
    /// evaluated for every item a page reads, so without it a request of 25,000 conditions held
    /// its event loop's thread for seconds.
    static let maximumOperators = 300

    /// `filter` (reads) or `condition` (writes); only changes the wording of errors.
    enum Kind: String, Sendable {
        case filter = "FilterExpression"
        case condition = "ConditionExpression"
    }

    let kind: Kind

    /// Whether `item` (`nil`: no item, every attribute missing) satisfies `expression`.
    func matches(_ item: JSONObject?, _ expression: JSONObject) throws(ExecutionError) -> Bool {
        var compiled = try compile(expression)
        return compiled.matches(item)
    }

    /// `expression` checked and turned into tests once, for evaluating against many items (a
    /// list page): an invalid operator or `between` is refused before any item is read, as
    /// DynamoDB refuses an invalid expression, and no item pays for reading the expression again.
    func compile(_ expression: JSONObject) throws(ExecutionError) -> CompiledItemFilter {
        var attributes: [String] = []
        var operators = 0
        let root = try node(expression, attributes: &attributes, operators: &operators)
        return CompiledItemFilter(root: root, attributes: attributes)
    }

    /// `expression`'s tree, counting into `operators` what DynamoDB would count in the expression
    /// Amplify's resolvers write for it, and refusing it, as DynamoDB does, once that passes
    /// ``maximumOperators``.
    private func node(
        _ expression: JSONObject, attributes: inout [String], operators: inout Int
    ) throws(ExecutionError) -> CompiledItemFilter.Node {
        var parts: [CompiledItemFilter.Node] = []
        for (key, value) in expression {
            if value.isNull { continue }
            switch key {
            case "and", "or":
                var entries: [CompiledItemFilter.Node] = []
                for case .object(let entry) in value.arrayValue ?? [] {
                    entries.append(try node(entry, attributes: &attributes, operators: &operators))
                }
                try count(entries.count - 1, into: &operators)
                if key == "and" {
                    parts.append(.every(entries))
                } else if !entries.isEmpty {
                    // An `or` without entries does not constrain (it is not "none of nothing").
                    parts.append(.some(entries))
                }
            case "not":
                guard let object = value.objectValue else { continue }
                try count(1, into: &operators)
                parts.append(.not(try node(object, attributes: &attributes, operators: &operators)))
            default:
                guard let fieldOperators = value.objectValue else { continue }
                var tests: [ItemTest] = []
                for (name, operand) in fieldOperators {
                    let test = try test(name, operand: operand)
                    try count(test.operatorCount + (tests.isEmpty ? 0 : 1), into: &operators)
                    tests.append(test)
                }
                let slot = attributes.firstIndex(of: key) ?? attributes.count
                if slot == attributes.count { attributes.append(key) }
                parts.append(.attribute(slot: slot, tests))
            }
        }
        try count(parts.count - 1, into: &operators)
        return parts.count == 1 ? parts[0] : .every(parts)
    }

    /// Adds `added` operators to `operators`, refusing the expression past ``maximumOperators``
    /// with DynamoDB's message. DynamoDB counts one operator at a time and stops at the first
    /// one too many, so its message always says 301.
    private func count(_ added: Int, into operators: inout Int) throws(ExecutionError) {
        guard added > 0 else { return }
        operators += added
        guard operators > Self.maximumOperators else { return }
        throw AppSyncErrors.dynamoDBValidation(
            "Invalid \(kind.rawValue): The expression contains too many operators; operator count: "
                + "\(Self.maximumOperators + 1)")
    }

    /// The fields `expression` compares, through `and`, `or` and `not`, each once in the order
    /// they first appear: what authorization must check before the expression tells a caller
    /// anything about them.
    static func fields(in expression: JSONObject) -> [String] {
        var fields: [String] = []
        var seen: Set<String> = []
        func collect(_ expression: JSONObject) {
            for (key, value) in expression where !value.isNull {
                switch key {
                case "and", "or":
                    for entry in value.arrayValue ?? [] {
                        if let object = entry.objectValue { collect(object) }
                    }
                case "not":
                    if let object = value.objectValue { collect(object) }
                default:
                    if seen.insert(key).inserted { fields.append(key) }
                }
            }
        }
        collect(expression)
        return fields
    }

    /// The operator `name` of a field's input with its operand, checked as DynamoDB checks an
    /// expression: an unknown operator, or a `between` without two ordered bounds, is refused.
    func test(_ name: String, operand: JSON) throws(ExecutionError) -> ItemTest {
        switch name {
        case "eq": return .equals(operand)
        case "ne": return .notEquals(operand)
        case "lt": return .ordered(operand, .less)
        case "le": return .ordered(operand, .lessOrEqual)
        case "gt": return .ordered(operand, .greater)
        case "ge": return .ordered(operand, .greaterOrEqual)
        case "between":
            guard case .array(let bounds) = operand, bounds.count == 2 else {
                throw AppSyncErrors.dynamoDBValidation(
                    "Invalid \(kind.rawValue): The BETWEEN operator requires two values, a lower and an upper bound")
            }
            if let order = KeyOrder.compare(bounds[0], bounds[1]), order > 0 {
                throw AppSyncErrors.dynamoDBValidation(
                    "Invalid \(kind.rawValue): The BETWEEN operator requires upper bound to be greater than or equal to "
                        + "lower bound; lower bound operand: \(bounds[0].text), upper bound operand: \(bounds[1].text)")
            }
            return .between(bounds[0], bounds[1])
        case "contains": return .contains(operand)
        case "notContains": return .notContains(operand)
        case "beginsWith": return .beginsWith(operand)
        case "attributeExists": return .attributeExists(operand)
        case "attributeType": return .attributeType(operand)
        case "size":
            guard let operators = operand.objectValue else { return .size(nil) }
            var tests: [ItemTest] = []
            for (sizeOperator, bound) in operators where !bound.isNull {
                tests.append(try test(sizeOperator, operand: bound))
            }
            return .size(tests)
        default:
            throw AppSyncErrors.dynamoDBValidation("Invalid \(kind.rawValue): unsupported operator \(name)")
        }
    }

    /// DynamoDB equality: typed, numbers by value, lists and maps member by member.
    static func equals(_ lhs: JSON, _ rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { equals($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equals(value, $0) } ?? false }
        case (.string(let a), .string(let b)): return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
        default:
            if lhs.isNumber && rhs.isNumber { return lhs.doubleValue == rhs.doubleValue }
            return lhs == rhs
        }
    }

    static func contains(_ attribute: JSON?, _ operand: JSON) -> Bool {
        switch attribute {
        case .string(let text)?:
            guard case .string(let part) = operand else { return false }
            return UTF8Search.contains(text, part)
        case .array(let elements)?: return elements.contains { equals($0, operand) }
        default: return false
        }
    }

    /// The `ModelAttributeTypes` name of a stored value.
    static func attributeType(_ value: JSON) -> String {
        switch value {
        case .string: return "string"
        case .int, .double: return "number"
        case .bool: return "bool"
        case .array: return "list"
        case .object: return "map"
        case .null: return "_null"
        }
    }

    /// DynamoDB's `size()`: a string's length in bytes, a list's or map's element count.
    static func size(_ value: JSON) -> Int? {
        switch value {
        case .string(let text): return text.utf8.count
        case .array(let elements): return elements.count
        case .object(let members): return members.count
        default: return nil
        }
    }
}
