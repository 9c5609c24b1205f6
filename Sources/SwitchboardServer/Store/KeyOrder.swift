#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Compares cursors element by element (a missing element sorts first). Takes the cursors as
    /// they are: as `[JSON?]` parameters every call converted both arrays, two allocations for each
    /// of the 20 or so comparisons an insert's binary search makes.
    static func compareCursors(_ lhs: [JSON], _ rhs: [JSON]) -> Int {
        for index in 0..<min(lhs.count, rhs.count) {
            let result = sortOrder(lhs[index], rhs[index])
            if result != 0 { return result }
        }
        return lhs.count < rhs.count ? -1 : (lhs.count == rhs.count ? 0 : 1)
    }

    /// The first 8 UTF-8 bytes of a cursor's first value when it is a string, big-endian and
    /// padded with zeros: where two heads differ, so do the cursors, in the same order (a string
    /// that ends within 8 bytes is a prefix of the other at that point, and sorts first).
    /// Equal heads tell nothing.
    ///
    /// Kept beside each entry of a sorted list, it decides most of a binary search's comparisons
    /// without reading the cursor's array and string, each elsewhere in memory: those two reads
    /// missed the cache at almost every step of a create's search in a large table.
    static func head(of cursor: [JSON]) -> UInt64? {
        guard case .string(let text)? = cursor.first else { return nil }
        var head: UInt64 = 0
        var count: UInt64 = 0
        for byte in text.utf8 {
            head |= UInt64(byte) << (56 - 8 * count)
            count += 1
            if count == 8 { break }
        }
        return head
    }

    /// ``compareCursors(_:_:)`` for cursors given with their ``head(of:)``.
    static func compareCursors(_ lhs: [JSON], head lhsHead: UInt64?, _ rhs: [JSON], head rhsHead: UInt64?) -> Int {
        if let lhsHead, let rhsHead, lhsHead != rhsHead { return lhsHead < rhsHead ? -1 : 1 }
        return compareCursors(lhs, rhs)
    }

    private static func rank(_ value: JSON) -> Int {
        switch value {
        case .int, .double: return 0
        case .string: return 1
        default: return 2
        }
    }

    /// Compares the UTF-8 bytes of `a` and `b` (`memcmp` on their storage, which JSON's strings
    /// have contiguous).
    static func compareBytes(_ a: String, _ b: String) -> Int {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                let shared = min(left.count, right.count)
                let result = shared == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, shared)
                if result != 0 { return result < 0 ? -1 : 1 }
                return left.count < right.count ? -1 : (left.count == right.count ? 0 : 1)
            }
        }
        if let result = inPlace ?? nil { return result }
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
