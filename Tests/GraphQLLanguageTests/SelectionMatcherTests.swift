import Testing

@testable import GraphQLLanguage

@Suite struct SelectionMatcherTests {
    private func mismatch(_ selector: String, _ incoming: String) throws -> String? {
        SelectionMatcher.mismatch(selector: try Parser.parse(selector), incoming: try Parser.parse(incoming))
    }

    private let request = """
        query HeroAndFriends($episode: Episode, $withFriends: Boolean!) {
          hero(episode: $episode, first: 10) {
            id
            name
            friends @include(if: $withFriends) {
              name
              ... on Droid { primaryFunction }
              ...HumanFields
            }
            heroName: name
          }
          reviews(filter: {stars: 5, episode: JEDI}) { stars }
        }
        fragment HumanFields on Human { homePlanet height(unit: METER) }
        """

    @Test func subsetInAnyOrderMatches() throws {
        #expect(try mismatch("query { hero { friends { ...HumanFields name } name } }", request) == nil)
        #expect(try mismatch("query HeroAndFriends { hero { id } }", request) == nil)
        #expect(try mismatch("{ hero { heroName: name } }", request) == nil)
        #expect(SelectionMatcher.matches(selector: try Parser.parse(request), incoming: try Parser.parse(request)))
    }

    @Test func missingNestedFieldNamesItsPath() throws {
        #expect(
            try mismatch("{ hero { friends { age } } }", request)
                == "field \"hero.friends.age\" is not selected in query \"HeroAndFriends\"")
        #expect(
            try mismatch("query HeroAndFriends { hero { appearsIn } }", request)
                == "field \"hero.appearsIn\" is not selected in query \"HeroAndFriends\"")
    }

    @Test func operationsMatchByNameAndType() throws {
        #expect(
            try mismatch("query Other { hero { id } }", request)
                == "query \"Other\" is not in the request (it has: query \"HeroAndFriends\")")
        #expect(
            try mismatch("mutation { hero { id } }", request)?.hasPrefix("the request has no mutation operation")
                == true)
        #expect(try mismatch("mutation HeroAndFriends { hero { id } }", request) != nil)
        // An anonymous selector operation matches any operation of its type, named or not.
        #expect(try mismatch("{ a }", "query Named { a b }") == nil)
        #expect(try mismatch("query Named { a }", "{ a }") != nil)
    }

    @Test func aliasesMustAgree() throws {
        #expect(try mismatch("{ hero { name: id } }", request) != nil)
        #expect(
            try mismatch("{ hero { heroName: id } }", request)
                == "field \"hero.heroName\" is not selected in query \"HeroAndFriends\"")
        // An unaliased selector field does not match an aliased incoming one.
        #expect(try mismatch("{ a }", "{ b: a }") != nil)
    }

    @Test func argumentsTheSelectorGivesMustBeEqual() throws {
        #expect(try mismatch("{ hero(episode: $episode) { id } }", request) == nil)
        #expect(
            try mismatch("{ hero(first: 11) { id } }", request)
                == "argument \"first\" of field \"hero\" is 10, expected 11 in query \"HeroAndFriends\"")
        #expect(
            try mismatch("{ hero(last: 1) { id } }", request)
                == "field \"hero\" has no argument \"last\" in query \"HeroAndFriends\"")
        // Input-object field order does not matter.
        #expect(try mismatch("{ reviews(filter: {episode: JEDI, stars: 5}) { stars } }", request) == nil)
        #expect(try mismatch("{ reviews(filter: {episode: JEDI}) { stars } }", request) != nil)
        #expect(try mismatch(#"{ a(s: """x""") }"#, #"{ a(s: "x") }"#) == nil)
    }

    @Test func directivesSpreadsAndInlineFragmentsMustBePresent() throws {
        #expect(try mismatch("{ hero { friends @include(if: $withFriends) { name } } }", request) == nil)
        #expect(
            try mismatch("{ hero { friends @skip(if: true) { name } } }", request)
                == "field \"hero.friends\" lacks directive @skip(if: true) in query \"HeroAndFriends\"")
        #expect(
            try mismatch("{ hero { friends { ...DroidFields } } }", request)
                == "fragment spread \"...DroidFields\" at \"hero.friends\" is not selected in query \"HeroAndFriends\"")
        #expect(try mismatch("{ hero { friends { ... on Droid { primaryFunction } } } }", request) == nil)
        #expect(
            try mismatch("{ hero { friends { ... on Human { name } } } }", request)
                == "inline fragment \"... on Human\" at \"hero.friends\" is not selected in query \"HeroAndFriends\"")
        #expect(
            try mismatch("{ hero { friends { ... on Droid { id } } } }", request)
                == "field \"hero.friends.id\" is not selected in query \"HeroAndFriends\"")
    }

    @Test func fragmentsMatchByNameTypeAndSelections() throws {
        #expect(try mismatch("fragment HumanFields on Human { height(unit: METER) }", request) == nil)
        #expect(
            try mismatch("fragment HumanFields on Droid { height }", request)
                == "fragment \"HumanFields\" is on type \"Human\", expected \"Droid\"")
        #expect(
            try mismatch("fragment HumanFields on Human { mass }", request)
                == "field \"mass\" is not selected in fragment \"HumanFields\"")
        #expect(try mismatch("fragment Other on Human { mass }", request) == "fragment \"Other\" is not in the request")
    }

    @Test func variableDefinitionsMatchByName() throws {
        #expect(try mismatch("query ($episode: Episode) { hero { id } }", request) == nil)
        #expect(try mismatch("query ($episode: String) { hero { id } }", request) == nil)
        #expect(
            try mismatch("query ($id: ID) { hero { id } }", request)
                == "variable \"$id\" is not defined in query \"HeroAndFriends\"")
    }

    @Test func duplicateIncomingFieldsAreAllTried() throws {
        // The first `hero` lacks `id`; the second one has it, so the selector matches.
        #expect(
            try mismatch(
                "{ hero(episode: JEDI) { id } }", "{ hero(episode: EMPIRE) { id } hero(episode: JEDI) { id } }") == nil)
        #expect(try mismatch("{ hero { name } }", "{ hero { id } }") == "field \"hero.name\" is not selected in query")
        #expect(try mismatch("{ hero { name } }", "{ hero }") == "field \"hero\" has no sub-selections in query")
    }

    @Test func listsOperationsAndFragments() throws {
        let document = try Parser.parse(request + "\nmutation { a }\nsubscription OnA { a }")
        #expect(document.operations.map(\.operation) == [.query, .mutation, .subscription])
        #expect(document.operationNames == ["HeroAndFriends", "OnA"])
        #expect(document.fragments.map(\.name) == ["HumanFields"])
        #expect(document.operation(named: "OnA")?.operation == .subscription)
        #expect(document.operation(named: nil) == nil)
        #expect(try Parser.parse("{ a }").operation(named: nil)?.operation == .query)
    }
}
