import Testing

@testable import GraphQLLanguage

@Suite struct BlockStringTests {
    @Test(arguments: [
        ("\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  ", "Hello,\n  World!\n\nYours,\n  GraphQL."),
        ("  \r\n  a\r\n    b\r\n", "a\n  b"),
        ("\r  a\r  b\r", "a\nb"),
        ("  first\n    second\n    third", "  first\nsecond\nthird"),
        ("   \n \t \n", ""),
        ("", ""),
        ("\n  h\u{E9}llo\n  \u{1F600} w\u{F6}rld\n", "h\u{E9}llo\n\u{1F600} w\u{F6}rld"),
        ("\tx\n\t\ty\n\tz", "\tx\n\ty\nz"),
    ])
    func valueFollowsTheSpecAlgorithm(raw: String, expected: String) {
        #expect(BlockString.value(ofRaw: raw) == expected)
    }

    @Test func escapedTripleQuotesAndLinesThroughTheLexer() throws {
        let value = try Parser.parseValue("\"\"\"\n  a \\\"\"\" b\r\n    c\n\"\"\"")
        #expect(value == .string("a \"\"\" b\n  c", block: true))
        // Lines inside a block string still advance line numbers for later tokens.
        let document = try Parser.parse("{ a(s: \"\"\"\n\n\"\"\") b }")
        guard case .operation(let operation) = document.definitions[0], operation.selectionSet.selections.count == 2
        else {
            Issue.record("unexpected document")
            return
        }
        #expect(operation.selectionSet.selections[1].location.line == 3)
        #expect(operation.selectionSet.selections[1].location.column == 6)
    }
}
