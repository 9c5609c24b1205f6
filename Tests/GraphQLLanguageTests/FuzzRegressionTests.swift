import Foundation
import TestSupport
import Testing

@testable import GraphQLLanguage

/// Inputs that `scripts/fuzz parse` found crashing, replayed through the same steps as the fuzz
/// target (scripts/fuzzers/Parse/FuzzParse.swift): parse, print round trip, validation, schema building.
@Suite struct FuzzRegressionTests {
    /// The schema the fuzz target validates against; `scripts/fuzz parse` compiles the same file in.
    static let schema = try? Schema(
        sdl: String(contentsOf: SharedTestData.fixture("graphql/fuzz-schema.graphqls"), encoding: .utf8))

    static let inputs: [String] = {
        let folder = SharedTestData.fixture("graphql/fuzz")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted()
    }()

    @Test func fuzzSchemaBuilds() {
        #expect(Self.schema != nil)
        #expect(Self.inputs.count >= 1)
    }

    @Test func overlapRecursionInputReachesValidation() throws {
        // Found at 09:54 on 2026-11-23: fragments spreading each other inside same-named fields
        // made OverlappingFieldsCanBeMerged recurse until the stack overflowed.
        let url = SharedTestData.fixture("graphql/fuzz/validation-overlap-recursion.graphql")
        let document = try Parser.parse(bytes: Array(try Data(contentsOf: url)))
        let schema = try #require(Self.schema)
        #expect(!schema.validate(document).isEmpty)
    }

    @Test(arguments: inputs) func replay(_ name: String) throws {
        let data = try Data(contentsOf: SharedTestData.fixture("graphql/fuzz").appendingPathComponent(name))
        let options = ParserOptions(maxDepth: 64, maxTokens: 20_000)
        guard let document = try? Parser.parse(bytes: Array(data), options: options) else { return }
        let reparsed = try Parser.parse(Printer.print(document))
        #expect(reparsed == document)
        _ = document.addingTypename()
        if let schema = Self.schema {
            _ = schema.validate(document)
            _ = document.addingTypename(schema: schema)
        }
        _ = try? Schema(document: document, options: .appSync)
        _ = SelectionMatcher.matches(selector: document, incoming: reparsed)
    }

    /// A 3.7 KB document of nested fragments (found by `scripts/fuzz parse`) made validation spend
    /// minutes writing one overlap reason: memoized comparisons share sub-reasons, so a reason
    /// whose every level names the same conflict twice doubles its sentence per level.
    @Test(.timeLimit(.minutes(1))) func anOverlapReasonSharedAtEveryLevelIsWrittenInBoundedTime() {
        var reason = OverlapReason.message("name and nickname are different fields")
        for level in 0..<40 { reason = .subfields([("a\(level)", reason), ("b\(level)", reason)]) }
        let text = reason.text
        #expect(text.utf8.count <= OverlapReason.maximumTextLength + "…".utf8.count)
        #expect(text.hasPrefix("subfields \"a39\" conflict because subfields \"a38\""))
        #expect(text.hasSuffix("…"))
        // A short reason is written out whole.
        let short = OverlapReason.subfields([("x", .message("they differ"))])
        #expect(short.text == "subfields \"x\" conflict because they differ")
    }

    /// The same sharing in a document: at each of 30 levels, two aliased fields select one
    /// fragment, so a conflict at the bottom is reached twice per level. Its sentence and its
    /// locations would double at every level (2^30 locations); both are bounded.
    @Test(.timeLimit(.minutes(1))) func conflictsSharedAtEveryLevelHaveBoundedLocations() throws {
        let schema = try Schema(sdl: "type Query { person: Person } type Person { id: ID name: String friend: Person }")
        var source = "query { person { ...L30 ...R30 } }\n"
        source += "fragment L0 on Person { n: name }\nfragment R0 on Person { n: id }\n"
        for level in 1...30 {
            for side in ["L", "R"] {
                source += "fragment \(side)\(level) on Person { a: friend { ...\(side)\(level - 1) } "
                source += "b: friend { ...\(side)\(level - 1) } }\n"
            }
        }
        let errors = schema.validate(try Parser.parse(source))
        let conflicts = errors.filter { $0.message.hasPrefix("Fields \"a\" conflict because") }
        #expect(conflicts.count == 1)
        for error in conflicts {
            #expect(error.locations.count <= 2 * 100)
            #expect(error.message.utf8.count < OverlapReason.maximumTextLength + 200)
        }
    }
}
