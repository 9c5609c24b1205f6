import Testing

@testable import SwitchboardServer

/// The per-loop document cache is bounded by documents and by bytes of text: a parsed document
/// takes up to 45 times its text, so a count alone let long distinct documents fill memory.
@Suite struct DocumentCacheTests {
    /// A document's stand-in: what is cached does not matter here, only how much.
    static func document(_ query: String, in cache: DocumentCache) async -> Bool {
        var parsed = false
        _ = await cache.document(query) {
            parsed = true
            return .invalid([])
        }
        return parsed
    }

    @Test func aCopyIsEmptiedWhenItsTextsWouldPassTheByteLimit() async {
        let cache = DocumentCache(copies: 1)
        let length = GraphQLService.maximumCachedDocumentLength
        let fitting = GraphQLService.maximumCachedDocumentBytes / length
        for index in 0..<fitting {
            #expect(await Self.document("\(index)" + String(repeating: " ", count: length - 8), in: cache))
        }
        #expect(cache.countsForTesting.documents == fitting)
        // Asked again, each is there: nothing parsed.
        #expect(await !Self.document("0" + String(repeating: " ", count: length - 8), in: cache))
        // One more would pass the limit: the copy starts over with it alone.
        #expect(await Self.document("more" + String(repeating: " ", count: length - 8), in: cache))
        #expect(cache.countsForTesting.documents == 1)
        #expect(cache.countsForTesting.textBytes == length - 4)
        #expect(await Self.document("0" + String(repeating: " ", count: length - 8), in: cache))
    }

    @Test func aCopyIsEmptiedWhenItHoldsTheMostDocuments() async {
        let cache = DocumentCache(copies: 1)
        for index in 0..<GraphQLService.maximumCachedDocuments { _ = await Self.document("{ a\(index) }", in: cache) }
        #expect(cache.countsForTesting.documents == GraphQLService.maximumCachedDocuments)
        _ = await Self.document("{ one more }", in: cache)
        #expect(cache.countsForTesting.documents == 1)
        // Too long to cache: parsed every time, never kept.
        let long = String(repeating: " ", count: GraphQLService.maximumCachedDocumentLength + 1)
        #expect(await Self.document(long, in: cache))
        #expect(await Self.document(long, in: cache))
        #expect(cache.countsForTesting.documents == 1)
    }
}
