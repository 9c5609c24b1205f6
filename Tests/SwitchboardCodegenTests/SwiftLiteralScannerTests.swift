import Testing

@testable import SwitchboardCodegen

/// The Swift string-literal scanner: which `graphql(…)` calls it finds, the values it reads and
/// where each character came from.
@Suite struct SwiftLiteralScannerTests {
    func scan(_ source: String) -> SwiftLiteralScanner { SwiftLiteralScanner(Array(source.utf8)) }

    @Test func multilineLiteralStripsTheClosingDelimitersIndentation() {
        let source = """
            private let query = graphql(\"\"\"
                query UserToDoListQuery($id: ID!) {
                  user(id: $id) { id }
                }
                \"\"\")
            """
        let scanner = scan(source)
        #expect(scanner.problems.isEmpty)
        #expect(scanner.literals.map(\.text) == ["query UserToDoListQuery($id: ID!) {\n  user(id: $id) { id }\n}"])
        let literal = scanner.literals[0]
        // `user` is on line 3 of the file, after 4 + 2 spaces of indentation.
        #expect(literal.sourcePosition(line: 2, column: 3) == SourcePosition(line: 3, column: 7))
        // The end of the text is just after the last `}`.
        #expect(literal.sourcePosition(line: 3, column: 2) == SourcePosition(line: 4, column: 6))
    }

    @Test func singleLineLiteralWithEscapes() {
        let scanner = scan(#"let q = graphql("query Q { a(s: \"x\\n\") }")"#)
        #expect(scanner.problems.isEmpty)
        #expect(scanner.literals.map(\.text) == [#"query Q { a(s: "x\n") }"#])
        // The text starts at column 18; the escaped quote \" is one character of the text.
        #expect(scanner.literals[0].sourcePosition(line: 1, column: 11) == SourcePosition(line: 1, column: 28))
        #expect(scanner.literals[0].sourcePosition(line: 1, column: 16) == SourcePosition(line: 1, column: 33))
        #expect(scanner.literals[0].sourcePosition(line: 1, column: 17) == SourcePosition(line: 1, column: 35))
    }

    @Test func rawStringsKeepBackslashesAndNeedTheirHashes() {
        let source = """
            let a = graphql(#"query A { f(s: "\\d") }"#)
            let b = graphql(##\"\"\"
                query B { g(s: "\\#n \\##n") }
                \"\"\"##)
            """
        let scanner = scan(source)
        #expect(scanner.problems.isEmpty)
        #expect(scanner.literals.map(\.text) == [#"query A { f(s: "\d") }"#, "query B { g(s: \"\\#n \n\") }"])
    }

    @Test func lineContinuationJoinsLinesAndBlankLinesNeedNoIndentation() {
        let source = "let q = graphql(\"\"\"\n    query Q \\\n    { a }\n\n    fragment F on T { b }\n    \"\"\")\n"
        let scanner = scan(source)
        #expect(scanner.problems.isEmpty)
        #expect(scanner.literals.map(\.text) == ["query Q { a }\n\nfragment F on T { b }"])
        #expect(scanner.literals[0].sourcePosition(line: 1, column: 9) == SourcePosition(line: 3, column: 5))
        #expect(scanner.literals[0].sourcePosition(line: 3, column: 10) == SourcePosition(line: 5, column: 14))
    }

    @Test func commentsStringsAndMembersAreNotCalls() {
        let source = """
            // graphql("query InComment { a }")
            /* outer /* graphql("query Nested { a }") */ still comment */
            let s = "graphql(\\"query InString { a }\\")"
            let t = \"\"\"
                graphql("query InMultiline { a }")
                \"\"\"
            let u = "\\(f("graphql(")) and \\(g(")"))"
            let m = client.graphql("query Member { a }")
            public func graphql(_ document: String) -> String { document }
            let r = #/graphql\\("/#
            let ok = graphql("query Found { a }")
            """
        let scanner = scan(source)
        #expect(scanner.problems.isEmpty)
        #expect(scanner.literals.map(\.text) == ["query Found { a }"])
    }

    @Test func interpolationIsAnErrorAtItsPosition() {
        let source = """
            let q = graphql(\"\"\"
                query Q { hero(id: "\\(id)") { name } }
                \"\"\")
            let after = graphql("query After { a }")
            """
        let scanner = scan(source)
        #expect(scanner.literals.map(\.text) == ["query After { a }"])
        #expect(scanner.problems.count == 1)
        #expect(scanner.problems.first?.position == SourcePosition(line: 2, column: 25))
        #expect(scanner.problems.first?.message.contains("interpolation") == true)
    }

    @Test func nonLiteralArgumentsAreErrors() {
        let scanner = scan("let a = graphql(text)\nlet b = graphql(\"query A { a }\" + suffix)\nlet c = graphql\n")
        #expect(scanner.literals.isEmpty)
        #expect(
            scanner.problems.map(\.position) == [
                SourcePosition(line: 1, column: 17), SourcePosition(line: 2, column: 33),
            ])
    }

    @Test func insufficientIndentationIsAnError() {
        let scanner = scan("let q = graphql(\"\"\"\n    query Q {\n  a }\n    \"\"\")\n")
        #expect(scanner.literals.isEmpty)
        #expect(scanner.problems.map(\.position) == [SourcePosition(line: 3, column: 1)])
    }

    @Test func unicodeAndUnicodeEscapesCountAsOneColumn() {
        let scanner = scan("let q = graphql(\"é\\u{1F600}x\")")
        #expect(scanner.literals.map(\.text) == ["é😀x"])
        #expect(scanner.literals[0].sourcePosition(line: 1, column: 3) == SourcePosition(line: 1, column: 28))
    }

    @Test func crlfSourcesMapLines() {
        let scanner = scan("let q = graphql(\"\"\"\r\n  query Q {\r\n    a\r\n  }\r\n  \"\"\")\r\n")
        #expect(scanner.literals.map(\.text) == ["query Q {\n  a\n}"])
        #expect(scanner.literals[0].sourcePosition(line: 2, column: 3) == SourcePosition(line: 3, column: 5))
    }

    @Test func unterminatedLiteralIsAnError() {
        let scanner = scan("let q = graphql(\"query Q { a }\n")
        #expect(scanner.literals.isEmpty)
        #expect(scanner.problems.map(\.position) == [SourcePosition(line: 1, column: 17)])
    }
}
