import SwitchboardAPI
import Testing

/// Generated data types have memberwise initializers, so that previews and tests build data
/// without JSON: type cases and fragments included, `__typename` filled in where only one type
/// is possible, and a fragment made from its data readable through `init(key:)`.
@Suite struct TestDataInitializerTests {
    typealias Hero = HeroDetailsWithFragmentQuery.Data.Hero

    @Test func aQuerysDataIsBuiltWithTypeCasesAndFragments() {
        let details = HeroDetails(
            data: HeroDetails.Data(
                __typename: "Droid", name: "R2-D2", asDroid: .init(name: "R2-D2", primaryFunction: "Astromech")))
        let hero = Hero(
            __typename: "Droid", name: "R2-D2",
            asDroid: Hero.AsDroid(
                name: "R2-D2", primaryFunction: "Astromech", fragments: .init(heroDetails: details)),
            fragments: .init(heroDetails: details))
        let data = HeroDetailsWithFragmentQuery.Data(hero: hero)

        #expect(data.hero?.asDroid?.__typename == "Droid")
        #expect(data.hero?.asHuman == nil)
        let read = HeroDetails(key: hero)
        #expect(read.name == "R2-D2")
        #expect(read.asDroid?.primaryFunction == "Astromech")
        #expect(read == details)
    }

    @Test func optionalFieldsDefaultToNil() {
        let human = HeroDetailsQuery.Data.Hero.AsHuman(name: "Luke")
        #expect(human.__typename == "Human" && human.height == nil)
        #expect(HeroDetailsQuery.Data().hero == nil)
    }
}
