import SwitchboardAPI
import Testing

/// The Apollo iOS type-conditions seed, both forms of `HeroAsDroid`, generated from the seed's
/// schema and run against the mock: the seed's own lines, as written, read the results.
@Suite struct ApolloSeedTests {
    static let droid: JSONValue = ["hero": ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"]]
    static let human: JSONValue = ["hero": ["__typename": "Human", "name": "Luke Skywalker"]]

    @Test func inlineFragmentFormReadsPrimaryFunctionThroughAsDroid() async throws {
        let harness = try await MockHarness.start(["HeroAsDroid": Self.droid])
        let data = try await harness.plugin.query(operation: ApolloSeedInline.HeroAsDroidQuery()).get()
        await harness.stop()

        let hero = data.hero
        let primaryFunction: String? = hero.asDroid?.primaryFunction
        #expect(primaryFunction == "Astromech")
        #expect(hero.name == "R2-D2")
        #expect(hero.asDroid?.name == "R2-D2")
        #expect(hero.__typename == "Droid")
    }

    @Test func inlineFragmentFormIsNilForAHuman() async throws {
        let harness = try await MockHarness.start(["HeroAsDroid": Self.human])
        let data = try await harness.plugin.query(operation: ApolloSeedInline.HeroAsDroidQuery()).get()
        await harness.stop()
        #expect(data.hero.asDroid == nil)
        #expect(data.hero.name == "Luke Skywalker")
    }

    @Test func namedFragmentFormConvertsToDroidDetails() async throws {
        let harness = try await MockHarness.start(["HeroAsDroid": Self.droid])
        let data = try await harness.plugin.query(operation: ApolloSeedFragment.HeroAsDroidQuery()).get()
        await harness.stop()

        let hero = data.hero
        let droidDetails: ApolloSeedFragment.DroidDetails? = hero.asDroid?.fragments.droidDetails
        #expect(droidDetails?.primaryFunction == "Astromech")
        #expect(droidDetails?.name == "R2-D2")
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.fragments.droidDetails == droidDetails)
        let fromKey = ApolloSeedFragment.DroidDetails(key: try #require(hero.asDroid))
        #expect(fromKey == droidDetails)
    }

    @Test func namedFragmentFormHasNoDroidDetailsForAHuman() async throws {
        let harness = try await MockHarness.start(["HeroAsDroid": Self.human])
        let data = try await harness.plugin.query(operation: ApolloSeedFragment.HeroAsDroidQuery()).get()
        await harness.stop()
        #expect(data.hero.asDroid?.fragments.droidDetails == nil)
        #expect(data.hero.fragments.droidDetails == nil)
    }

    @Test func documentsSelectTypenameInEverySelectionSetBelowTheRoot() throws {
        let expected = """
            query HeroAsDroid {
              hero {
                name
                ...DroidDetails
                __typename
              }
            }

            fragment DroidDetails on Droid {
              name
              primaryFunction
              __typename
            }
            """
        #expect(ApolloSeedFragment.HeroAsDroidQuery.document == expected)
        #expect(
            ApolloSeedInline.HeroAsDroidQuery.document.contains(
                "... on Droid {\n      primaryFunction\n      __typename"))
    }
}
