/// Amplify's `filter` and `condition` inputs evaluated against an item with DynamoDB's
/// semantics (what `$util.transform.toDynamoDBFilterExpression` produces, and what DynamoDB then
/// does): the members of one object and the operators on one field are ANDed, `and`/`or` lists
/// combine their entries, `not` negates; comparisons are typed (a number never equals a string),
/// a missing attribute fails every comparison except `ne` and `notContains`, `contains` is a
/// substring test on strings and a membership test on lists, `between` is inclusive.
struct ItemFilter: Sendable {
    /// `filter` (reads) or `condition` (writes); only changes the wording of errors.
    enum Kind: String, Sendable {
        case filter = "FilterExpression"
        case condition = "ConditionExpression"
    }

    let kind: Kind

    /// Whether `item` (`nil`: no item, every attribute missing) satisfies `expression`.
    func matches(_ item: JSONObject?, _ expression: JSONObject) throws(ExecutionError) -> Bool {
        for (key, value) in expression {
            if value.isNull { continue }
            switch key {
            case "and":
                for entry in value.arrayValue ?? [] {
                    guard let object = entry.objectValue else { continue }
                    if !(try matches(item, object)) { return false }
                }
            case "or":
                let entries = (value.arrayValue ?? []).compactMap(\.objectValue)
                if entries.isEmpty { continue }
                var any = false
                for entry in entries where try matches(item, entry) {
                    any = true
                    break
                }
                if !any { return false }
            case "not":
                guard let object = value.objectValue else { continue }
                if try matches(item, object) { return false }
            default:
                guard let operators = value.objectValue else { continue }
                for (name, operand) in operators {
                    if !(try evaluate(name, attribute: item?[key], operand: operand)) { return false }
                }
            }
        }
        return true
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

    /// One operator of a field's input applied to the item's attribute (`nil` when missing).
    func evaluate(_ name: String, attribute: JSON?, operand: JSON) throws(ExecutionError) -> Bool {
        switch name {
        case "eq": return attribute.map { Self.equals($0, operand) } ?? false
        case "ne": return attribute.map { !Self.equals($0, operand) } ?? true
        case "lt": return compare(attribute, operand) { $0 < 0 }
        case "le": return compare(attribute, operand) { $0 <= 0 }
        case "gt": return compare(attribute, operand) { $0 > 0 }
        case "ge": return compare(attribute, operand) { $0 >= 0 }
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
            return compare(attribute, bounds[0]) { $0 >= 0 } && compare(attribute, bounds[1]) { $0 <= 0 }
        case "contains": return Self.contains(attribute, operand)
        case "notContains": return !Self.contains(attribute, operand)
        case "beginsWith":
            guard case .string(let text)? = attribute, case .string(let prefix) = operand else { return false }
            return text.utf8.starts(with: prefix.utf8)
        case "attributeExists":
            guard case .bool(let exists) = operand else { return true }
            return (attribute != nil) == exists
        case "attributeType":
            guard let attribute, case .string(let type) = operand else { return false }
            return Self.attributeType(attribute) == type
        case "size":
            guard let attribute, let size = Self.size(attribute), let operators = operand.objectValue else {
                return false
            }
            for (sizeOperator, bound) in operators where !bound.isNull {
                if !(try evaluate(sizeOperator, attribute: .int(size), operand: bound)) { return false }
            }
            return true
        default:
            throw AppSyncErrors.dynamoDBValidation("Invalid \(kind.rawValue): unsupported operator \(name)")
        }
    }

    private func compare(_ attribute: JSON?, _ operand: JSON, _ test: (Int) -> Bool) -> Bool {
        guard let attribute, let order = KeyOrder.compare(attribute, operand) else { return false }
        return test(order)
    }

    /// DynamoDB equality: typed, numbers by value, lists and maps member by member.
    static func equals(_ lhs: JSON, _ rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { equals($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equals(value, $0) } ?? false }
        default:
            if lhs.isNumber && rhs.isNumber { return lhs.doubleValue == rhs.doubleValue }
            return lhs == rhs
        }
    }

    static func contains(_ attribute: JSON?, _ operand: JSON) -> Bool {
        switch attribute {
        case .string(let text)?:
            guard case .string(let part) = operand else { return false }
            return part.isEmpty || text.contains(part)
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
