/// DynamoDB's order of key values: numbers by value, strings by their UTF-8 bytes; a number
/// sorts before a string (as SQLite orders them, so both stores agree).
enum KeyOrder {
    /// -1, 0 or 1 for two values of the same key type; `nil` when the types differ or a value
    /// is not a key type (for conditions, which are then false).
    static func compare(_ lhs: JSON, _ rhs: JSON) -> Int? {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): return compareBytes(a, b)
        case (.int(let a), .int(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        default:
            guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
            return a < b ? -1 : (a == b ? 0 : 1)
        }
    }

    /// A total order for sorting: numbers, then strings, then anything else.
    static func sortOrder(_ lhs: JSON, _ rhs: JSON) -> Int {
        if let result = compare(lhs, rhs) { return result }
        return rank(lhs) < rank(rhs) ? -1 : (rank(lhs) == rank(rhs) ? 0 : 1)
    }

    /// Compares cursors element by element (a missing element sorts first).
    static func compareCursors(_ lhs: [JSON?], _ rhs: [JSON?]) -> Int {
        for index in 0..<max(lhs.count, rhs.count) {
            let a = index < lhs.count ? lhs[index] : nil
            let b = index < rhs.count ? rhs[index] : nil
            switch (a, b) {
            case (nil, nil): continue
            case (nil, _): return -1
            case (_, nil): return 1
            case (let a?, let b?):
                let result = sortOrder(a, b)
                if result != 0 { return result }
            }
        }
        return 0
    }

    private static func rank(_ value: JSON) -> Int {
        switch value {
        case .int, .double: return 0
        case .string: return 1
        default: return 2
        }
    }

    static func compareBytes(_ a: String, _ b: String) -> Int {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }

    /// How a value is written inside a `#`-joined composite key (as AppSync's templates
    /// interpolate it).
    static func keyText(_ value: JSON) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return number.description
        case .bool(let flag): return flag ? "true" : "false"
        default: return value.text
        }
    }
}
