/// The byte-level rules of SigV4 canonicalization: URI encoding, path normalization, the
/// canonical query string and header-value trimming.
enum SigV4Encoding {
    private static let upperHex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Whether `byte` is unreserved (RFC 3986): `A–Z a–z 0–9 - _ . ~`, which SigV4 never encodes.
    @inline(__always) static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Appends `bytes` URI-encoded (uppercase `%XX` for everything but unreserved bytes, and `/`
    /// when `keepingSlash`).
    static func appendEncoded(_ bytes: some Sequence<UInt8>, keepingSlash: Bool, to output: inout [UInt8]) {
        for byte in bytes {
            if isUnreserved(byte) || (keepingSlash && byte == UInt8(ascii: "/")) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(upperHex[Int(byte >> 4)])
                output.append(upperHex[Int(byte & 0x0f)])
            }
        }
    }

    /// The canonical URI: the path as sent (already percent-encoded or raw), with dot segments and
    /// empty segments removed when `normalizing`, then URI-encoded once more except for `/`. This
    /// is the double encoding AWS specifies for every service but S3.
    static func appendCanonicalURI(_ path: String, normalizing: Bool, to output: inout [UInt8]) {
        let path = path.isEmpty ? "/" : path
        guard normalizing else {
            appendEncoded(path.utf8, keepingSlash: true, to: &output)
            return
        }
        // RFC 3986 section 5.2.4 plus the removal of empty segments AWS applies.
        var segments: [Substring.UTF8View] = []
        for segment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if segment.elementsEqual(".".utf8) { continue }
            if segment.elementsEqual("..".utf8) {
                if !segments.isEmpty { segments.removeLast() }
                continue
            }
            segments.append(Substring(segment).utf8)
        }
        let absolute = path.utf8.first == UInt8(ascii: "/")
        if absolute { output.append(UInt8(ascii: "/")) }
        for (index, segment) in segments.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "/")) }
            appendEncoded(segment, keepingSlash: true, to: &output)
        }
        if path.utf8.last == UInt8(ascii: "/") && !segments.isEmpty { output.append(UInt8(ascii: "/")) }
        if !absolute && segments.isEmpty { output.append(UInt8(ascii: "/")) }
    }

    /// One `name=value` pair of a query string, each side decoded then re-encoded.
    struct QueryParameter: Comparable {
        var name: [UInt8]
        var value: [UInt8]

        static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.name != rhs.name
                ? lhs.name.lexicographicallyPrecedes(rhs.name) : lhs.value.lexicographicallyPrecedes(rhs.value)
        }
    }

    /// The parameters of a raw query string, canonically encoded (`+` is a literal plus, as in
    /// RFC 3986; malformed escapes are kept as literal bytes).
    static func queryParameters(_ query: String) -> [QueryParameter] {
        guard !query.isEmpty else { return [] }
        var parameters: [QueryParameter] = []
        for piece in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let rawName = equals.map { piece[..<$0] } ?? piece[...]
            let rawValue = equals.map { piece[piece.index(after: $0)...] } ?? piece[piece.endIndex...]
            var name: [UInt8] = []
            var value: [UInt8] = []
            appendEncoded(percentDecoded(rawName), keepingSlash: false, to: &name)
            appendEncoded(percentDecoded(rawValue), keepingSlash: false, to: &value)
            parameters.append(QueryParameter(name: name, value: value))
        }
        return parameters
    }

    /// Appends the canonical query string: parameters sorted by encoded name, then value.
    static func appendCanonicalQuery(_ parameters: [QueryParameter], to output: inout [UInt8]) {
        for (index, parameter) in parameters.sorted().enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            output.append(contentsOf: parameter.name)
            output.append(UInt8(ascii: "="))
            output.append(contentsOf: parameter.value)
        }
    }

    /// `%XX` decoding; a `%` not followed by two hex digits stays as it is.
    static func percentDecoded(_ bytes: some Collection<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return Array(bytes) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), case let first = bytes.index(after: index), first != bytes.endIndex,
                case let second = bytes.index(after: first), second != bytes.endIndex,
                let high = hexValue(bytes[first]), let low = hexValue(bytes[second])
            {
                output.append(high << 4 | low)
                index = bytes.index(after: second)
            } else {
                output.append(byte)
                index = bytes.index(after: index)
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// ASCII whitespace as Python's `str.split()` sees it in header values (botocore's Trimall).
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        (byte >= 0x09 && byte <= 0x0d) || (byte >= 0x1c && byte <= 0x20)
    }

    /// Appends `value` with leading and trailing whitespace removed and inner runs of whitespace
    /// (including obsolete line folding) collapsed to one space.
    static func appendTrimmedHeaderValue(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            // Copies runs of non-whitespace in bulk: values such as session tokens are long.
            var index = 0
            var wroteAny = false
            while index < bytes.count {
                while index < bytes.count && isWhitespace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                let start = index
                while index < bytes.count && !isWhitespace(bytes[index]) { index += 1 }
                if wroteAny { output.append(UInt8(ascii: " ")) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                wroteAny = true
            }
        }
    }

    /// ASCII lowercase of a header name.
    static func lowercased(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return name }
        return String(decoding: name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
