import Testing

@testable import GraphQLLanguage

@Suite struct TypenameTests {
    @Test func addsTypenameBelowTheRootOnly() throws {
        let document = try Parser.parse(
            """
            query { hero { name friends { name } ... on Droid { primaryFunction } } ... @include(if: true) { a { b } } }
            fragment F on Human { homePlanet }
            """)
        let expected = try Parser.parse(
            """
            query {
              hero { name friends { name __typename } ... on Droid { primaryFunction __typename } __typename }
              ... @include(if: true) { a { b __typename } }
            }
            fragment F on Human { homePlanet __typename }
            """)
        #expect(document.addingTypename() == expected)
    }

    @Test func existingTypenameIsNotDuplicated() throws {
        let document = try Parser.parse("{ hero { __typename name } }")
        #expect(document.addingTypename() == document)
        // An aliased `__typename` is a different response key, so the plain field is still added.
        let aliased = try Parser.parse("{ hero { kind: __typename } }")
        #expect(Printer.print(aliased.addingTypename()) == "{\n  hero {\n    kind: __typename\n    __typename\n  }\n}")
    }
}

@Suite struct SchemaTypenameTests {
    @Test func fragmentsOnRootTypesAreLeftAloneWithASchema() throws {
        let schema = try Schema(sdl: "type Query { hero: Hero }\ntype Hero { name: String }")
        let document = try Parser.parse(
            """
            { ... on Query { hero { name } } ...Root }
            fragment Root on Query { hero { name } }
            fragment H on Hero { name }
            """)
        let expected = try Parser.parse(
            """
            { ... on Query { hero { name __typename } } ...Root }
            fragment Root on Query { hero { name __typename } }
            fragment H on Hero { name __typename }
            """)
        #expect(document.addingTypename(schema: schema) == expected)
        // Without a schema the fragments on Query cannot be told apart and get the field too.
        #expect(document.addingTypename() != expected)
    }
}
