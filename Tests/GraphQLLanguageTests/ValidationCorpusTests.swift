import Foundation
import TestSupport
import Testing

@testable import GraphQLLanguage

/// The corpus that scripts/interop graphql-core also runs through graphql-core: every
/// `valid-*.graphql` must be accepted and every `invalid-*.graphql` rejected.
@Suite struct ValidationCorpusTests {
    private func check(folder name: String, schema: Schema) throws -> Int {
        let folder = SharedTestData.fixture("graphql").appendingPathComponent("validation/\(name)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".graphql") }
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let errors = schema.validate(try Parser.parse(text))
            if file.hasPrefix("valid-") {
                #expect(errors.isEmpty, "\(name)/\(file): \(errors.map(\.description))")
            } else {
                #expect(file.hasPrefix("invalid-"), "\(file) says neither valid nor invalid")
                #expect(!errors.isEmpty, "\(name)/\(file) was accepted")
            }
        }
        return files.count
    }

    @Test func libraryCorpusVerdicts() throws {
        let folder = SharedTestData.fixture("graphql").appendingPathComponent("validation/library")
        let sdl = try String(contentsOf: folder.appendingPathComponent("schema.graphqls"), encoding: .utf8)
        #expect(try check(folder: "library", schema: try Schema(sdl: sdl)) >= 50)
    }

    @Test(.requiresSharedTestData("graphql")) func starwarsCorpusVerdicts() throws {
        guard let sdl = Fixtures.starwarsSDL() else { return }
        #expect(try check(folder: "starwars", schema: try Schema(sdl: sdl)) >= 70)
    }
}
