import Testing

@testable import GraphQLLanguage

@Suite struct ParserTests {
    private func firstOperation(_ source: String) throws -> OperationDefinition {
        guard case .operation(let operation) = try Parser.parse(source).definitions.first else {
            throw GraphQLSyntaxError(message: "no operation", location: .unknown)
        }
        return operation
    }

    private func firstField(_ source: String) throws -> Field {
        guard case .field(let field) = try firstOperation(source).selectionSet.selections.first else {
            throw GraphQLSyntaxError(message: "no field", location: .unknown)
        }
        return field
    }

    private func syntaxError(_ source: String, options: ParserOptions = .init()) -> GraphQLSyntaxError? {
        do {
            _ = try Parser.parse(source, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesSharedFixtureDefinitionCounts() throws {
        for (name, text) in Fixtures.sharedDocuments() {
            let document = try Parser.parse(text)
            if name == "kitchen-sink.graphql" { #expect(document.definitions.count == 6) }
            if name == "schema-kitchen-sink.graphql" { #expect(document.definitions.count == 38) }
        }
    }

    @Test func operationWithVariablesDirectivesAndAliases() throws {
        let operation = try firstOperation("query Q($id: ID! = \"1\" @v, $l: [Int]) @op { a: f(id: $id) @d { b } }")
        #expect(operation.operation == .query)
        #expect(operation.name == "Q")
        #expect(operation.variableDefinitions.map(\.name) == ["id", "l"])
        #expect(operation.variableDefinitions[0].type == .nonNull(.named("ID")))
        #expect(operation.variableDefinitions[0].defaultValue == .string("1", block: false))
        #expect(operation.variableDefinitions[0].directives.map(\.name) == ["v"])
        #expect(operation.variableDefinitions[1].type == .list(.named("Int")))
        #expect(operation.directives.map(\.name) == ["op"])
        guard case .field(let field) = operation.selectionSet.selections[0] else {
            Issue.record()
            return
        }
        #expect(field.alias == "a" && field.name == "f" && field.responseKey == "a")
        #expect(field.arguments == [Argument(name: "id", value: .variable("id"))])
    }

    @Test func fragmentsSpreadsAndInlineFragments() throws {
        let document = try Parser.parse(
            "{ ...F @d ... on T { a } ... @include(if: true) { b } } fragment F on T @x { c }")
        guard case .operation(let operation) = document.definitions[0],
            case .fragment(let fragment) = document.definitions[1]
        else {
            Issue.record()
            return
        }
        #expect(fragment.name == "F" && fragment.typeCondition == "T" && fragment.directives.count == 1)
        guard case .fragmentSpread(let spread) = operation.selectionSet.selections[0],
            case .inlineFragment(let typed) = operation.selectionSet.selections[1],
            case .inlineFragment(let untyped) = operation.selectionSet.selections[2]
        else {
            Issue.record()
            return
        }
        #expect(spread.name == "F")
        #expect(typed.typeCondition == "T")
        #expect(untyped.typeCondition == nil && untyped.directives.map(\.name) == ["include"])
    }

    @Test func allValueLiterals() throws {
        let field = try firstField(
            #"{ f(a: 1, b: -2.5e3, c: "s", d: true, e: null, g: RED, h: [1, [2]], i: {j: $v}) }"#)
        #expect(
            field.arguments.map(\.value) == [
                .int("1"), .float("-2.5e3"), .string("s", block: false), .boolean(true), .null, .enumValue("RED"),
                .list([.int("1"), .list([.int("2")])]), .object([ObjectField(name: "j", value: .variable("v"))]),
            ])
    }

    @Test func stringEscapesIncludingSurrogatePairs() throws {
        let field = try firstField(#"{ f(s: "\" \\ \/ \b \f \n \r \t \u00E9 \u{1F600} \uD83D\uDE00 é") }"#)
        #expect(field.arguments[0].value == .string("\" \\ / \u{8} \u{C} \n \r \t é 😀 😀 é", block: false))
    }

    @Test func blockStringsAreDedented() throws {
        let field = try firstField(
            "{ f(s: \"\"\"\n\n    Hello,\n      World!\n\n    Yours,\n      \\\"\"\" GraphQL.\n  \"\"\") }")
        #expect(field.arguments[0].value == .string("Hello,\n  World!\n\nYours,\n  \"\"\" GraphQL.", block: true))
    }

    @Test func typeSystemDefinitions() throws {
        let document = try Parser.parse(
            """
            "desc" type A implements B & C @d { f(x: Int = 1 @e): [A!]! }
            interface B implements C { f: Int }
            union U = | A | B
            enum E { X @deprecated Y }
            input I { a: Int = 2 }
            scalar S @specifiedBy(url: "u")
            directive @r(a: Int) repeatable on FIELD | OBJECT
            schema { query: A }
            extend type A { g: Int }
            extend schema @d
            """)
        #expect(document.definitions.count == 10)
        guard case .type(let object) = document.definitions[0],
            case .type(let interface) = document.definitions[1],
            case .type(let union) = document.definitions[2],
            case .directive(let directive) = document.definitions[6],
            case .typeExtension(let extended) = document.definitions[8]
        else {
            Issue.record()
            return
        }
        #expect(object.kind == .object && object.description?.value == "desc" && object.description?.isBlock == false)
        #expect(object.interfaces == ["B", "C"])
        #expect(object.fields[0].type == .nonNull(.list(.nonNull(.named("A")))))
        #expect(object.fields[0].arguments[0].defaultValue == .int("1"))
        #expect(interface.kind == .interface && interface.interfaces == ["C"])
        #expect(union.unionMembers == ["A", "B"])
        #expect(directive.isRepeatable && directive.locations == [.field, .object])
        #expect(extended.kind == .object && extended.fields.map(\.name) == ["g"])
    }

    @Test func locationsCountLinesColumnsAndBytes() throws {
        let field = try firstField("# é comment\n{\n  a }")
        #expect(field.location == SourceLocation(line: 3, column: 3, offset: 17))
        let document = try Parser.parse("{ f(s: \"ééé\") g }")
        guard case .operation(let op) = document.definitions[0],
            case .field(let g) = op.selectionSet.selections[1]
        else {
            Issue.record()
            return
        }
        // Columns count scalars; offsets count bytes.
        #expect(g.location.column == 15 && g.location.offset == 17)
    }

    @Test func syntaxErrorsCarryExactPositionTokenAndExcerpt() throws {
        let error = try #require(syntaxError("{\n  f(a: 1\n  }\n}"))
        #expect(error.line == 3 && error.column == 3 && error.offset == 13)
        #expect(error.token == "\"}\"")
        #expect(error.message == "Expected Name, found \"}\".")
        #expect(error.description == "Syntax Error: Expected Name, found \"}\". (3:3)\n3 |   }\n  |   ^")
    }

    @Test(arguments: [
        ("{", "Expected Name, found <EOF>.", 1, 2),
        ("query", "Expected \"{\", found <EOF>.", 1, 6),
        ("{ f(a: $) }", "Expected Name, found \")\".", 1, 9),
        ("{ ...on }", "Expected Name, found \"}\".", 1, 9),
        ("fragment on on T { a }", "Unexpected Name \"on\".", 1, 10),
        ("{ f(a: \"unterminated) }", "Unterminated string.", 1, 24),
        ("{ f(a: \"bad \\x\") }", "Invalid Unicode escape sequence: \"\\x\".", 1, 13),
        ("{ f(a: \"\\uD83D\") }", "Invalid Unicode escape sequence: \"\\uD83D\".", 1, 9),
        ("{ f(a: 01) }", "Invalid number, unexpected digit after 0: \"1\".", 1, 9),
        ("{ f(a: 1.) }", "Invalid number, expected digit but got: \")\".", 1, 10),
        ("{ f(a: 1x) }", "Invalid number, expected digit but got: \"x\".", 1, 9),
        ("{ f ? }", "Unexpected character: \"?\".", 1, 5),
        ("{ f(a: .5) }", "Unexpected character: \".\".", 1, 8),
        ("query Q($a: Int = $b) { f }", "Unexpected variable \"$b\" in constant value.", 1, 19),
        ("\"desc\" query { f }", "Unexpected description, descriptions are supported only on type definitions.", 1, 8),
        ("extend type A", "Unexpected <EOF>.", 1, 14),
        ("enum E { true }", "true is reserved and cannot be used for an enum value.", 1, 10),
        ("directive @d on NOWHERE", "Unexpected Name \"NOWHERE\".", 1, 17),
        ("notAKeyword", "Unexpected Name \"notAKeyword\".", 1, 1),
        ("", "Unexpected <EOF>.", 1, 1),
    ])
    func syntaxErrors(source: String, message: String, line: Int, column: Int) throws {
        let error = try #require(syntaxError(source))
        #expect(error.message == message)
        #expect(error.line == line && error.column == column, "\(error.line):\(error.column)")
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
        for open in ["{", "[", "{a:"] {
            let source = "{ f(a: " + String(repeating: open == "{" ? "{a:" : open, count: 100_000) + ") }"
            let error = try #require(syntaxError(open == "{" ? String(repeating: "{a", count: 100_000) : source))
            #expect(error.message.contains("nested more than 256 levels"))
        }
        let types = "query Q($a: " + String(repeating: "[", count: 100_000) + "Int) { f }"
        #expect(syntaxError(types)?.message.contains("nested") == true)
        #expect(syntaxError("{ a { b { c } } }", options: ParserOptions(maxDepth: 2))?.limit == .depth(2))
        #expect(syntaxError("{ a { b } }", options: ParserOptions(maxDepth: 2)) == nil)
        #expect(syntaxError("{ a { b }")?.limit == nil)
    }

    @Test func tokenLimitStopsHugeDocuments() throws {
        let source = "{ " + String(repeating: "a ", count: 1_000) + "}"
        let error = try #require(syntaxError(source, options: ParserOptions(maxTokens: 100)))
        #expect(error.message.contains("more than 100 tokens"))
        #expect(error.limit == .tokens(100))
        #expect(syntaxError(source) == nil)
    }

    @Test func ignoresBOMCommasAndComments() throws {
        let field = try firstField("\u{FEFF}{ ,,, # comment\r\n f\r(a: 1,,) }")
        #expect(field.name == "f" && field.location.line == 2 && field.location.column == 2)
        #expect(field.arguments[0].location.line == 3)
    }

    @Test func malformedUTF8IsASyntaxError() {
        #expect(throws: GraphQLSyntaxError.self) { try Parser.parse(bytes: [0x7B, 0xFF, 0x7D]) }
        #expect(throws: GraphQLSyntaxError.self) {
            try Parser.parse(bytes: Array("{ f(a: \"".utf8) + [0xC3] + [0x22, 0x29, 0x7D])
        }
    }

    @Test func parsesValuesAndTypesAlone() throws {
        #expect(
            try Parser.parseValue("[1, {a: $b}]")
                == .list([.int("1"), .object([ObjectField(name: "a", value: .variable("b"))])]))
        #expect(try Parser.parseType("[String!]!").description == "[String!]!")
    }
}
