import Testing

@testable import SwitchboardServer

/// Key order by UTF-8 bytes, and the 8-byte heads that decide most comparisons of the in-memory
/// store's binary searches: wherever two heads differ they must order the cursors as the full
/// comparison does.
@Suite struct KeyOrderTests {
    /// Strings whose first 8 bytes are equal, or end early, or hold NUL and multi-byte
    /// characters: where a head could wrongly decide.
    static let strings = [
        "", "a", "a\u{0}", "a\u{0}\u{0}", "a\u{0}b", "ab", "abcdefg", "abcdefgh", "abcdefgh\u{0}", "abcdefghi",
        "abcdefghij", "abcdefgi", "abcdefg\u{0}", "post-000123", "post-000124", "post-0001", "post-00", "é", "e\u{301}",
        "ée", "日本語のキー", "日本", "\u{10FFFF}", "\u{7F}", "\u{80}", "z", "zzzzzzzzzzzz",
    ]

    @Test func stringsCompareByTheirUTF8Bytes() {
        for a in Self.strings {
            for b in Self.strings {
                let bytes = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
                let expected = bytes ? -1 : (Array(a.utf8) == Array(b.utf8) ? 0 : 1)
                #expect(KeyOrder.compareBytes(a, b) == expected, "\(Array(a.utf8)) vs \(Array(b.utf8))")
            }
        }
    }

    @Test func headsNeverDisagreeWithTheCursors() {
        var cursors: [[JSON]] = Self.strings.map { [.string($0)] }
        cursors += Self.strings.map { [.string($0), .int(1)] }
        cursors += [[.int(3)], [.double(2.5)], [.int(3), .string("b")], [], [.bool(true)]]
        for a in cursors {
            for b in cursors {
                let withHeads = KeyOrder.compareCursors(a, head: KeyOrder.head(of: a), b, head: KeyOrder.head(of: b))
                #expect(withHeads == KeyOrder.compareCursors(a, b), "\(a) vs \(b)")
            }
        }
    }

    @Test(arguments: ModelStoreTests.Kind.allCases) func keysSharingTheirFirstBytesPageInByteOrder(
        _ kind: ModelStoreTests.Kind
    ) async throws {
        let store = try ModelStoreTests.makeStore(kind, layouts: try ModelStoreTests.layouts())
        // More than one chunk of entries, most sharing their first 8 bytes, written out of order.
        var ids = Self.strings.filter { !$0.isEmpty }
        ids += (0..<1_500).map { "post-000\(($0 * 7_919) % 1_500)" }
        for id in ids {
            try await ModelStoreTests.put(
                store, "Post", ModelStoreTests.post(id, rating: 1, category: "c"), key: ItemKey(partition: .string(id)))
        }
        let seen = try await ModelStoreTests.scanIDs(store, limit: 113)
        let expected = Set(ids.map { Array($0.utf8) }).sorted { $0.lexicographicallyPrecedes($1) }
        let got = seen.map { Array($0.utf8) }
        let firstDifference = got.indices.first { $0 < expected.count && got[$0] != expected[$0] }
        #expect(
            got.count == expected.count && firstDifference == nil,
            "\(got.count) of \(expected.count); first difference at \(firstDifference.map { "\($0): \(got[$0]) for \(expected[$0])" } ?? "-")"
        )
    }
}
