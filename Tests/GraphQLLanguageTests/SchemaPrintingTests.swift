import Foundation
import GraphQLLanguage
import TestSupport
import Testing

/// `Schema.sdl`: printing a schema and building it again gives the same schema, for SDL schemas
/// and for one built from an introspection result (what `codegen schema --introspect` writes).
@Suite struct SchemaPrintingTests {
    static let fixtures = ["fuzz-schema.graphqls", "validation/library/schema.graphqls"]

    @Test(arguments: fixtures) func printedSchemasBuildTheSameSchema(_ name: String) throws {
        let text = try String(contentsOf: SharedTestData.fixture("graphql/\(name)"), encoding: .utf8)
        let schema = try Schema(sdl: text)
        let printed = schema.sdl
        #expect(try Schema(sdl: printed) == schema, "\(printed)")
        #expect(!printed.contains("__Type") && !printed.contains("scalar String"))
    }

    @Test func descriptionsDeprecationsRootsAndDefaultsSurvive() throws {
        let schema = try Schema(
            sdl: """
                schema { query: Root }
                "A thing."
                type Root {
                  "Old name."
                  old(limit: Int = 10): String @deprecated(reason: "Use new.")
                  new(filter: Filter = {kind: A}): String
                  gone: Kind @deprecated
                }
                input Filter { kind: Kind! }
                enum Kind { A B @deprecated(reason: "No B.") }
                scalar Instant @specifiedBy(url: "https://example.com/instant")
                """)
        let printed = schema.sdl
        #expect(printed.hasPrefix("schema {\n  query: Root\n}"))
        #expect(printed.contains(#"old(limit: Int = 10): String @deprecated(reason: "Use new.")"#))
        #expect(printed.contains("gone: Kind @deprecated\n"))
        #expect(try Schema(sdl: printed) == schema)
    }
}
