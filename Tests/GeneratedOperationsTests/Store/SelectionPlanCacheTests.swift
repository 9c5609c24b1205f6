import Testing

@testable import SwitchboardStore

/// The process-wide cache of selection plans is bounded by the text of the documents it keeps,
/// not only by their number: documents built at run time must not fill memory.
///
/// Other tests plan documents at the same time, so these check what holds whatever they do.
@Suite struct SelectionPlanCacheTests {
    /// An operation made long by a comment (which the lexer skips quickly), distinct by `index`.
    private static func document(index: Int, bytes: Int) -> String {
        "# \(index) " + String(repeating: "x", count: bytes) + "\nquery Long\(index) { __typename }"
    }

    @Test func theKeptTextStaysWithinItsBound() throws {
        // 30 documents of 180 KB: 5.4 MB, past the 4 MiB bound.
        for index in 0..<30 {
            let plan = try SelectionPlan.operation(Self.document(index: index, bytes: 180_000), named: nil)
            #expect(plan.root.items.count == 1)
            #expect(SelectionPlan.cachedTextBytes <= SelectionPlan.maximumCachedTextBytes)
        }
    }

    @Test func aVeryLongDocumentIsPlannedButNotKept() throws {
        let long = Self.document(index: 1_000, bytes: SelectionPlan.maximumCachedDocumentBytes)
        #expect(try SelectionPlan.operation(long, named: nil).root.items.count == 1)
        #expect(!SelectionPlan.isCached(long, named: nil))
        let short = Self.document(index: 1_001, bytes: 10)
        _ = try SelectionPlan.operation(short, named: nil)
        #expect(SelectionPlan.isCached(short, named: nil))
    }
}
