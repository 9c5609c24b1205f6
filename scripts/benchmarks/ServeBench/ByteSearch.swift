#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring search in reply bytes. The generator scans every reply several times (its head,
/// `errors`, a page's items, ends and token); a byte-by-byte loop made those scans a fifth of
/// its CPU on a 10 KB page, time that every server's round trip at one connection paid alike
/// and that only blurred the servers' differences. `memchr` (vectorized) looks for the needle's
/// rarest byte in JSON text, so that a needle starting with a quote does not stop at every
/// quote; `memcmp` confirms each candidate.
extension [UInt8] {
    /// Where `needle` first occurs at or after `start`.
    func offset(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, start >= 0, count - start >= needle.count else { return nil }
        let anchor = Self.rarestInJSON(needle)
        return withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                let base = haystack.baseAddress!
                let anchorByte = Int32(needle[anchor])
                let lastStart = haystack.count - needle.count
                var candidate = start
                while candidate <= lastStart,
                    let hit = memchr(base + candidate + anchor, anchorByte, lastStart - candidate + 1)
                {
                    candidate = base.distance(to: UnsafeRawPointer(hit)) - anchor
                    if memcmp(base + candidate, needle.baseAddress!, needle.count) == 0 { return candidate }
                    candidate += 1
                }
                return nil
            }
        }
    }

    /// How many times `needle` occurs, without overlaps.
    func occurrences(of needle: [UInt8]) -> Int {
        var found = 0
        var index = 0
        while let next = offset(of: needle, from: index) {
            found += 1
            index = next + needle.count
        }
        return found
    }

    /// The position in `needle` of its byte least likely in compact JSON: structure and
    /// capitals before lowercase letters, those before digits, those before quotes, colons and
    /// commas.
    private static func rarestInJSON(_ needle: [UInt8]) -> Int {
        func commonness(_ byte: UInt8) -> Int {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: ","): 3
            case UInt8(ascii: "0")...UInt8(ascii: "9"): 2
            case UInt8(ascii: "a")...UInt8(ascii: "z"): 1
            default: 0
            }
        }
        return needle.indices.min { commonness(needle[$0]) < commonness(needle[$1]) } ?? 0
    }
}
