import Switchboard
import TestSupport
import Testing

@testable import SwitchboardMock

struct YAMLParserTests {
    private func json(_ source: String) throws -> JSONValue {
        try YAMLParser.parse(source).jsonValue
    }

    @Test func blockMappingsSequencesAndScalars() throws {
        let value = try json(
            """
            # a mock config
            graphQL:
              - method: POST
                operations: [getTodo, "listTodos"]
                response:
                  status: 200
                  delay: 0.25
                  enabled: true
                  nothing: ~
                  body:
                    json: {"data": {"getTodo": {"id": "1", "tags": ["a", 'b']}}}
              - query: 'query { hero { name } }'
            http:
            - path: /config/:id   # same-indent sequence under a key
              response: {status: 404}
            """)
        let first = value["graphQL"]?[0]
        #expect(first?["operations"] == ["getTodo", "listTodos"])
        #expect(first?["response"]?["status"] == 200)
        #expect(first?["response"]?["delay"] == 0.25)
        #expect(first?["response"]?["enabled"] == true)
        #expect(first?["response"]?["nothing"] == .null)
        #expect(first?["response"]?["body"]?["json"] == ["data": ["getTodo": ["id": "1", "tags": ["a", "b"]]]])
        #expect(value["graphQL"]?[1]?["query"] == "query { hero { name } }")
        #expect(value["http"]?[0]?["path"] == "/config/:id")
        #expect(value["http"]?[0]?["response"]?["status"] == 404)
    }

    @Test func literalAndFoldedBlockScalarsWithChomping() throws {
        let value = try json(
            """
            literal: |
              query {
                hero { name }
              }
            folded: >
              one
              two

              three
            strip: |-
              text
            keep: |+
              text

            after: x
            """)
        #expect(value["literal"] == "query {\n  hero { name }\n}\n")
        #expect(value["folded"] == "one two\nthree\n")
        #expect(value["strip"] == "text")
        #expect(value["keep"] == "text\n\n")
        #expect(value["after"] == "x")
    }

    @Test func quotedScalarsEscapesAndFolding() throws {
        let value = try json(
            #"""
            double: "tab\t quote\" unicode \u00e9 \U0001F600 slash\/"
            single: 'it''s # not a comment'
            folded: "first
              second"
            plain: text with # a comment
            number-like: "42"
            """#)
        #expect(value["double"] == "tab\t quote\" unicode é 😀 slash/")
        #expect(value["single"] == "it's # not a comment")
        #expect(value["folded"] == "first second")
        #expect(value["plain"] == "text with")
        #expect(value["number-like"] == "42")
    }

    @Test func jsonDocumentsParseAsYAML() throws {
        let value = try json(
            #"{"graphQL": [{"operations": ["a"], "response": {"status": 201, "body": {"text": "ok"}}}], "x": null, "y": -1.5e2}"#
        )
        #expect(value["graphQL"]?[0]?["response"]?["status"] == 201)
        #expect(value["x"] == .null)
        #expect(value["y"] == -150)
    }

    @Test func nestedSequencesAndEmptyValues() throws {
        let value = try json(
            """
            ---
            matrix:
              - - 1
                - 2
              - []
            empty:
            list:
              -
              - b
            ...
            """)
        #expect(value["matrix"] == [[1, 2], []])
        #expect(value["empty"] == .null)
        #expect(value["list"] == [.null, "b"])
    }

    @Test func marksPointAtValues() throws {
        let node = try YAMLParser.parse("a:\n  b: [1, 2]\n  c: x\n")
        #expect(node["a"]?["b"]?.mark == SourceMark(line: 2, column: 6))
        #expect(node["a"]?["c"]?.mark == SourceMark(line: 3, column: 6))
    }

    static let malformed: [(String, Int, Int, String)] = [
        ("a:\n\tb: 1\n", 2, 1, "tabs are not allowed"),
        ("a: \"unterminated\n", 1, 4, "unterminated double-quoted"),
        ("a: 'unterminated\n", 1, 4, "unterminated single-quoted"),
        ("a: [1, 2\n", 1, 4, "unterminated flow sequence"),
        ("a: {b: 1\n", 1, 4, "unterminated flow mapping"),
        ("a: 1\na: 2\n", 2, 1, "duplicate key \"a\""),
        ("a:\n  b: 1\n   c: 2\n", 3, 5, "mapping values are not allowed"),
        ("a:\n  b:\n    c: 1\n   d: 2\n", 4, 4, "bad indentation of a mapping entry"),
        ("a: b: c\n", 1, 5, "mapping values are not allowed"),
        ("a: \"\\q\"\n", 1, 5, "invalid escape sequence"),
        ("a: &anchor 1\n", 1, 4, "anchors, aliases and tags"),
        ("a: 1\n---\nb: 2\n", 2, 1, "multiple documents"),
        ("a: \"x\" y\n", 1, 8, "unexpected content after the value"),
        ("a: {\"b\" 1}\n", 1, 9, "expected \":\" after the key"),
        ("a: \"\\u12G4\"\n", 1, 5, "expected 4 hexadecimal digits"),
        ("a: |x\n  text\n", 1, 5, "invalid block scalar header"),
        ("a: 1\n- b\n", 2, 1, "expected a mapping key, found a sequence entry"),
        ("a: [\"x\" \"y\"]\n", 1, 9, "expected \",\" or \"]\""),
        ("- a\n - b\n", 2, 2, "bad indentation of a sequence entry"),
        ("a: @x\n", 1, 4, "cannot start a plain value"),
        ("a: {\"k\": 1, \"k\": 2}\n", 1, 13, "duplicate key \"k\""),
    ]

    @Test(arguments: malformed)
    func malformedDocumentsReportExactPositions(source: String, line: Int, column: Int, message: String) {
        do {
            let node = try YAMLParser.parse(source, file: "mock.yaml")
            Issue.record("expected an error, parsed \(node)")
        } catch {
            #expect(error.mark == SourceMark(line: line, column: column), "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("mock.yaml:\(line):\(column): "))
        }
    }

    @Test func hostileInputNeverCrashes() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("ab:-[]{},'\"|>#&*\\ \n\t123.~".unicodeScalars)
        for _ in 0..<3000 {
            let length = Int(generator.next() % 60)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            _ = try? YAMLParser.parse(String(text))
        }
    }
}
