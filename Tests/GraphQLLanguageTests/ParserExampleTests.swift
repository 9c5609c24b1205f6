import GraphQLLanguage
import Testing

/// The parsing and printing example of Internals/GraphQLLanguage.md, compiled and checked.
@Suite struct ParserExampleTests {
    @Test func readmeExample() throws {
        let schema = try Schema(
            sdl: """
                type Query { hero: Character }
                interface Character { id: ID! name: String! }
                type Droid implements Character { id: ID! name: String! primaryFunction: String }
                """)
        let query = try Parser.parse("query Hero { hero { name primaryFunction } }")
        let errors = schema.validate(query)
        // Cannot query field "primaryFunction" on type "Character". Did you mean to use an inline fragment on "Droid"? (1:26)
        print(errors.map(\.description))

        let fixed = try Parser.parse("query Hero { hero { name ... on Droid { primaryFunction } } }")
        print(schema.validate(fixed).isEmpty)  // true
        print(Printer.print(fixed.addingTypename(schema: schema)))

        let selector = try Parser.parse("{ hero { name } }")
        print(SelectionMatcher.matches(selector: selector, incoming: fixed))  // true

        #expect(
            errors.map(\.description) == [
                "Cannot query field \"primaryFunction\" on type \"Character\". Did you mean to use an inline fragment on \"Droid\"? (1:26)"
            ])
        #expect(schema.validate(fixed).isEmpty)
        #expect(Printer.print(fixed.addingTypename(schema: schema)).contains("__typename"))
        #expect(SelectionMatcher.matches(selector: selector, incoming: fixed))
    }
}

/// The outputs quoted in Docs.docc/GraphQLLanguageGuide.md.
@Suite struct ArticleExampleTests {
    @Test func syntaxErrorExcerpt() throws {
        let error = try #require(throws: GraphQLSyntaxError.self) { try Parser.parse("{ hero { } }") }
        #expect(
            error.description == """
                Syntax Error: Expected Name, found "}". (1:10)
                1 | { hero { } }
                  |          ^
                """)
    }

    @Test func mismatchExample() throws {
        let selector = try Parser.parse("{ hero { friends { name } } }")
        let incoming = try Parser.parse("query Hero { hero { id friends { id } } }")
        #expect(
            SelectionMatcher.mismatch(selector: selector, incoming: incoming)
                == "field \"hero.friends.name\" is not selected in query \"Hero\"")
    }
}
