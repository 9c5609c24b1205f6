import Testing

@testable import switchboard

/// The "did you mean" suggestions: edit distance, how close is close enough, abbreviations.
@Suite struct NameSuggestionTests {
    @Test(arguments: [
        ("", "abc", 3), ("serve", "serve", 0), ("serv", "serve", 1), ("shema", "schema", 1), ("modles", "models", 1),
        ("qeury", "query", 1), ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "ca", 3),
    ])
    func editDistanceCountsInsertionsDeletionsSubstitutionsAndSwaps(a: String, b: String, distance: Int) {
        #expect(NameSuggestion.editDistance(Array(a), Array(b)) == distance)
        #expect(NameSuggestion.editDistance(Array(b), Array(a)) == distance)
    }

    static let commands = ["demo", "serve", "query", "subscribe", "mock", "sigv4", "codegen", "help", "version"]

    @Test func theClosestNameIsSuggestedWhenItIsCloseEnough() {
        #expect(NameSuggestion.closest(to: "serv", among: Self.commands) == "serve")
        #expect(NameSuggestion.closest(to: "qeury", among: Self.commands) == "query")
        #expect(NameSuggestion.closest(to: "sub", among: Self.commands) == "subscribe")
        #expect(NameSuggestion.closest(to: "--shema", among: ["--schema", "--output"]) == "--schema")
        #expect(NameSuggestion.closest(to: "frobnicate", among: Self.commands) == nil)
        #expect(NameSuggestion.closest(to: "x", among: Self.commands) == nil)
        // An abbreviation of two names suggests neither.
        #expect(NameSuggestion.closest(to: "--max", among: ["--max-connections", "--max-recorded-requests"]) == nil)
    }
}
