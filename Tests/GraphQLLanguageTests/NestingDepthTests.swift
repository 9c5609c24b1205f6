import TestSupport
import Testing

@testable import GraphQLLanguage

/// Nesting that comes from fragment spreads, which the parser's depth limit cannot see: measured
/// without recursion over spreads, and refused by validation before any rule walks it.
struct NestingDepthTests {
    static let schema = try! Schema(
        sdl: """
            type Query { post: Post }
            type Post { id: ID!, title: String, blog: Blog }
            type Blog { id: ID!, post: Post }
            """)

    static func chain(_ length: Int) -> String {
        var text = "query Chain { post { ...F0 } }\n"
        for index in 0..<length { text += "fragment F\(index) on Post { id ...F\(index + 1) }\n" }
        return text + "fragment F\(length) on Post { title }\n"
    }

    @Test func depthsFollowSpreadsAndCountFieldsAsAppSyncDoes() throws {
        let document = try Parser.parse(
            """
            { post { ...P blog { id } } }
            fragment P on Post { blog { ... on Blog { post { ...Q } } } }
            fragment Q on Post { id }
            """)
        let depths = document.nestingDepths()
        #expect(depths.fragments["Q"] == NestingDepth(selectionSets: 1, fields: 1))
        #expect(depths.fragments["P"] == NestingDepth(selectionSets: 5, fields: 3))
        // { post { ...P } }: the operation's set, post's set, then P's five levels.
        #expect(depths.operations == [NestingDepth(selectionSets: 7, fields: 4)])
    }

    @Test func dependencyOrderPutsSpreadFragmentsFirstAndCutsCycles() throws {
        let document = try Parser.parse(
            """
            fragment A on Post { ...B blog { post { ...C } } }
            fragment B on Post { ...C }
            fragment C on Post { ...A id }
            """)
        let order = document.fragmentsInDependencyOrder().map(\.name)
        #expect(order.sorted() == ["A", "B", "C"])
        // A is entered first, so the spread C › A closes the cycle and C and B come before A.
        #expect(order.last == "A")
        #expect(order.firstIndex(of: "C")! < order.firstIndex(of: "B")!)
    }

    @Test func aChainDeeperThanTheLimitIsOneErrorNamingTheOperation() throws {
        let errors = Self.schema.validate(try Parser.parse(Self.chain(6_000)))
        #expect(
            errors.map(\.message) == [
                "Operation \"Chain\" nests selections 6003 levels deep through its fragment spreads; "
                    + "the most allowed is 256."
            ])
        #expect(Self.schema.validate(try Parser.parse(Self.chain(250))).isEmpty)
        #expect(Self.schema.validate(try Parser.parse(Self.chain(254))).count == 1)
    }

    @Test func anUnusedDeepFragmentIsRefusedToo() throws {
        var text = "query { post { id } }\n"
        for index in 0..<300 { text += "fragment F\(index) on Post { ...F\(index + 1) }\n" }
        text += "fragment F300 on Post { id }\n"
        let errors = Self.schema.validate(try Parser.parse(text))
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("Fragment \"F0\" nests selections 301 levels deep") == true)
    }

    /// A chain of fragments costs OverlappingFieldsCanBeMerged the square of its size: within
    /// the depth limit, a wide chain is stopped by the collection budget, with one error.
    @Test func aChainOfWideFragmentsStopsAtTheCollectionBudget() async throws {
        func chain(fragments: Int, fieldsEach: Int) -> String {
            var text = "query { post { ...F0 } }\n"
            for index in 0..<fragments {
                let fields = (0..<fieldsEach).map { "f\(index)_\($0): id" }.joined(separator: " ")
                text += "fragment F\(index) on Post { \(fields) ...F\(index + 1) }\n"
            }
            return text + "fragment F\(fragments) on Post { id }\n"
        }
        // A second of CPU: on its own thread, so that tests waiting on sockets keep theirs.
        let wideText = chain(fragments: 250, fieldsEach: 100)
        let wide = try #require(
            try await resultUnlessHung(onThread: { Self.schema.validate(try Parser.parse(wideText)) }))
        #expect(
            wide.map(\.message) == [
                "Validation aborted: checking that fields can be merged needs more than 1000000 fields "
                    + "collected through fragments."
            ])
        #expect(Self.schema.validate(try Parser.parse(chain(fragments: 250, fieldsEach: 3))).isEmpty)
    }

    /// A chain of 3,000 fragments that loops back on itself through fields every 100 fragments.
    /// With cycles the measured depth depends on which spreads the measure leaves out, so the
    /// walks that follow spreads do not rely on it: the cycle rule keeps its own stack and the
    /// overlap rule is skipped. The document gets a clear error and nothing overflows.
    @Test func aLongChainThatLoopsBackThroughFieldsIsRefusedWithoutOverflowing() async throws {
        let schema = try Schema(sdl: "type Query { id: ID, f: Query }")
        let length = 3_000
        var text = "{ ...R }\n"
        let segmentStarts = stride(from: 100, through: length, by: 100).map { $0 }
        text += "fragment R on Query { ...c1 f { ...H } }\n"
        text += "fragment H on Query { \(segmentStarts.map { "...h\($0)" }.joined(separator: " ")) }\n"
        for index in 1...length {
            let next = index < length ? "...c\(index + 1)" : "id"
            let loop = index % 100 == 0 ? " f { ...h\(index) }" : ""
            text += "fragment c\(index) on Query { \(next)\(loop) }\n"
        }
        for start in segmentStarts { text += "fragment h\(start) on Query { ...c\(start - 1) }\n" }
        let document = try Parser.parse(text)
        let errors = try #require(try await resultUnlessHung(onThread: { schema.validate(document) }))
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.message.contains("within itself") || $0.message.contains("levels deep") })
    }

    @Test func cyclesAreStillReportedByTheirRule() throws {
        let errors = Self.schema.validate(
            try Parser.parse("{ post { ...A } } fragment A on Post { ...B } fragment B on Post { ...A }"))
        #expect(errors.map(\.message).contains { $0.hasPrefix("Cannot spread fragment \"A\" within itself") })
    }
}
