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

@Suite struct BlockStringPrintingTests {
    // Found by scripts/fuzz parse: a combining mark after `"""` or after leading whitespace joins
    // them into one Character, which hid them from Character-based escaping and layout checks.
    @Test(arguments: [
        "a \"\"\"\u{656}nside", "\"\"\"\u{301}", " \u{301}lead", "x\n \u{301}y\n\tz", "q\"\u{301}", "\\\u{301}",
        "\"\"\"", "ends with quote\"", "ends with slash\\", "é\u{301}\u{302}", "a\n  \nb",
    ])
    func printedBlockStringsReadBack(value: String) throws {
        #expect(BlockString.canPrint(value))
        let printed = BlockString.print(value)
        let parsed = try Parser.parseValue(printed)
        #expect(parsed == .string(value, block: true), "\(printed)")
    }

    @Test(arguments: ["\n  leading blank line", "trailing blank line\n  ", "   ", "cr\r", "nul\u{0}"])
    func unrepresentableValuesPrintAsQuotedStrings(value: String) throws {
        #expect(!BlockString.canPrint(value))
        let document = Document(definitions: [
            .operation(
                OperationDefinition(
                    operation: .query,
                    selectionSet: SelectionSet(selections: [
                        .field(Field(name: "a", arguments: [Argument(name: "s", value: .string(value, block: true))]))
                    ])))
        ])
        let reparsed = try Parser.parse(Printer.print(document))
        guard case .operation(let operation) = reparsed.definitions.first,
            case .field(let field)? = operation.selectionSet.selections.first
        else {
            Issue.record("unexpected document")
            return
        }
        #expect(field.arguments.first?.value == .string(value, block: false))
    }
}
