/// HTTP header fields in arrival order; names compare case-insensitively and duplicates are kept.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields as received or added, in order.
    package private(set) var fields: [(name: String, value: String)]

    /// An empty header list.
    package init() { fields = [] }

    /// Headers from `(name, value)` pairs, in order.
    package init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// Headers from a literal such as `["Content-Type": "application/json"]`.
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value for `name` (case-insensitive), or `nil`.
    package subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value for `name` (case-insensitive), in order.
    package func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    package func contains(_ name: String) -> Bool { self[name] != nil }

    /// The fields as a dictionary with lower-cased names; of repeated names, the first value.
    package var lowercasedDictionary: [String: String] {
        Dictionary(fields.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the comma-separated values of `name` include `token` (case-insensitive),
    /// e.g. `Connection: keep-alive, Upgrade` contains `upgrade`.
    package func containsToken(_ token: String, in name: String) -> Bool {
        // Scanned in place (no arrays of values or parts): every request and response asks
        // whether its `Connection` header says `close`.
        for field in fields where field.name.caseInsensitiveEquals(name) {
            let value = field.value.utf8
            var start = value.startIndex
            while start < value.endIndex {
                let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.endIndex
                if Substring(value[start..<end]).trimmingSpaces().caseInsensitiveEquals(token) { return true }
                start = end < value.endIndex ? value.index(after: end) : end
            }
        }
        return false
    }

    /// Appends a field, keeping any existing ones with the same name.
    package mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with one field holding `value`.
    package mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field named `name`.
    package mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// Iterates the fields in order.
    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Field-by-field equality, names compared case-insensitively.
    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name.caseInsensitiveEquals($1.name) && $0.value == $1.value }
    }
}

extension StringProtocol {
    /// ASCII case-insensitive comparison, as HTTP field names and tokens need.
    package func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        // Native strings compare their bytes in place: header lookups run several times a request.
        let contiguous = lhs.withContiguousStorageIfAvailable { lhs in
            rhs.withContiguousStorageIfAvailable { rhs in
                for index in 0..<lhs.count where asciiLower(lhs[index]) != asciiLower(rhs[index]) { return false }
                return true
            }
        }
        if let contiguous = contiguous ?? nil { return contiguous }
        return zip(lhs, rhs).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return start < end ? text[start..<end] : text[start..<start]
    }
}

extension String {
    /// ``StringProtocol/caseInsensitiveEquals(_:)`` for two strings, not generic: called from
    /// another module (the server's authenticator, several times a request) the generic one built
    /// its type metadata at run time on every call.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        Substring(self).caseInsensitiveEquals(Substring(other))
    }
}

@inline(__always) func asciiLower(_ byte: UInt8) -> UInt8 {
    byte >= 65 && byte <= 90 ? byte | 0x20 : byte
}
