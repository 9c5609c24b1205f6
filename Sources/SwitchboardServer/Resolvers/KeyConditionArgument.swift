/// Reads the sort-key condition arguments Amplify generates (`ModelStringKeyConditionInput` on
/// one sort field, `ModelXPrimaryCompositeKeyConditionInput` on several) into a
/// ``SortKeyCondition``, with the checks and messages of Amplify's resolvers.
enum KeyConditionArgument {
    /// The argument name of a key's sort fields: the field for one, `kindOther` for several.
    static func name(sortFields: [String]) -> String? {
        guard let first = sortFields.first else { return nil }
        guard sortFields.count > 1 else { return first }
        return first + sortFields.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The condition the argument `value` states on `sortFields`, or `nil` when it states none.
    static func condition(_ value: JSON?, sortFields: [String], argument: String) throws(ExecutionError)
        -> SortKeyCondition?
    {
        guard case .object(let operators)? = value else { return nil }
        let given = operators.filter { !$0.1.isNull }
        guard let (name, operand) = given.first else { return nil }
        guard given.count == 1 else {
            throw AppSyncErrors.invalidArguments(
                "Argument \(argument) must specify at most one key condition operation.")
        }
        let composite = sortFields.count > 1
        func bound(_ value: JSON, _ path: String) throws(ExecutionError) -> JSON {
            guard composite else { return value }
            guard case .object(let parts) = value else { return .string("") }
            var joined: [String] = []
            var missing: String?
            for field in sortFields {
                guard let part = parts[field], !part.isNull else {
                    missing = missing ?? field
                    continue
                }
                if let missing {
                    throw AppSyncErrors.invalidArguments(
                        "When providing argument '\(argument).\(path).\(field)' you must also provide "
                            + "'\(argument).\(path).\(missing)'.")
                }
                joined.append(KeyOrder.keyText(part))
            }
            return .string(joined.joined(separator: "#"))
        }
        switch name {
        case "eq": return .eq(try bound(operand, "eq"))
        case "lt": return .lt(try bound(operand, "lt"))
        case "le": return .le(try bound(operand, "le"))
        case "gt": return .gt(try bound(operand, "gt"))
        case "ge": return .ge(try bound(operand, "ge"))
        case "beginsWith":
            guard case .string(let prefix) = try bound(operand, "beginsWith") else { return nil }
            return .beginsWith(prefix)
        case "between":
            guard case .array(let bounds) = operand, bounds.count == 2 else {
                throw AppSyncErrors.invalidArguments("Argument '\(argument).between' expects exactly two elements.")
            }
            return .between(try bound(bounds[0], "between[0]"), try bound(bounds[1], "between[1]"))
        default:
            return nil
        }
    }
}
