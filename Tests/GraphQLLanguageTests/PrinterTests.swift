import Testing

@testable import GraphQLLanguage

@Suite struct PrinterTests {
    @Test func roundTripKeepsEveryFixtureEqual() throws {
        let documents = Fixtures.sharedDocuments() + Fixtures.ownDocuments()
        #expect(Fixtures.ownDocuments().count >= 2)
        for (name, text) in documents {
            let parsed = try Parser.parse(text)
            let printed = Printer.print(parsed)
            let reparsed: Document
            do {
                reparsed = try Parser.parse(printed)
            } catch {
                Issue.record("\(name): printed text does not parse: \(error)\n\(printed)")
                continue
            }
            #expect(reparsed == parsed, "\(name) changed in the round trip")
            // Printing is canonical: a second round gives the same text.
            #expect(Printer.print(reparsed) == printed, "\(name) printing is not stable")
        }
    }

    @Test func printsCanonicalLayout() throws {
        let document = try Parser.parse("query Q($a:Int=1){a:b(x:[1,2],y:{z:\"s\"})@skip(if:$c){...F ... on T{c}}}")
        #expect(
            Printer.print(document) == """
                query Q($a: Int = 1) {
                  a: b(x: [1, 2], y: {z: "s"}) @skip(if: $c) {
                    ...F
                    ... on T {
                      c
                    }
                  }
                }
                """)
    }

    @Test func anonymousQueryPrintsAsShorthand() throws {
        #expect(Printer.print(try Parser.parse("query { a }")) == "{\n  a\n}")
    }

    @Test func escapesStrings() {
        #expect(Printer.quoted("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
    }

    @Test func printsBlockStringsThatReadBack() throws {
        for value in ["", "a", "  lead", "trail\"", "back\\", "x\"\"\"y", "a\n  b\n\nc", "\n\nx", "line\n"] {
            let document = Document(definitions: [
                .operation(
                    OperationDefinition(
                        operation: .query,
                        selectionSet: SelectionSet(selections: [
                            .field(
                                Field(
                                    name: "f", arguments: [Argument(name: "s", value: .string(value, block: true))]))
                        ])))
            ])
            let reparsed = try Parser.parse(Printer.print(document))
            guard case .operation(let operation) = reparsed.definitions.first,
                case .field(let field) = operation.selectionSet.selections.first,
                case .string(let read, _) = field.arguments.first?.value
            else {
                Issue.record("unexpected shape")
                continue
            }
            // Values a block string cannot hold (leading/trailing blank lines) fall back to a
            // quoted string, so the value always survives.
            #expect(read == value, "block string \(value.debugDescription)")
        }
    }
}
