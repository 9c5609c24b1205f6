import TestSupport
import Testing

@testable import GraphQLLanguage

@Suite struct ValidationSmokeTests {
    @Test(.requiresSharedTestData("graphql")) func starwarsOperationsAreValid() throws {
        guard let sdl = Fixtures.starwarsSDL(), let text = Fixtures.starwarsOperationsDocument() else { return }
        let schema = try Schema(sdl: sdl)
        let errors = schema.validate(try Parser.parse(text))
        // The shared files define some fragments that no operation uses; everything else is valid.
        let problems = errors.filter { !$0.message.hasSuffix("is never used.") }
        #expect(problems == [], "\(problems.map(\.description))")
        #expect(errors.count == 9)
    }
}
