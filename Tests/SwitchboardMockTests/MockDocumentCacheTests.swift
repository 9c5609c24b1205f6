import Testing

@testable import SwitchboardMock

/// The process's cache of parsed documents keeps short documents and never long ones, within
/// its bound on their texts' bytes. (Other tests share the cache, so only what they cannot
/// change is checked.)
@Suite struct MockDocumentCacheTests {
    @Test func longDocumentsAreParsedButNotKept() throws {
        let fields = String(repeating: "id ", count: MockDocumentCache.maximumDocumentLength / 3)
        let long = "{ longDocumentsAreParsedButNotKept { \(fields)} }"
        #expect(long.utf8.count > MockDocumentCache.maximumDocumentLength)
        let parsed = try MockDocumentCache.document(for: long).get()
        #expect(parsed.definitions.count == 1)
        let state = MockDocumentCache.stateForTesting(long)
        #expect(!state.isKept)
        #expect(state.textBytes <= MockDocumentCache.maximumTextBytes)
    }
}
