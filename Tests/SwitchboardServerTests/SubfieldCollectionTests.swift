import Testing

@testable import SwitchboardServer

/// Sub-selections are collected once per merged field and type, and reused for every item; a
/// field node that a fragment puts in two places merges with different fields in each, and each
/// place keeps its own selection.
struct SubfieldCollectionTests {
    @Test func aFragmentsFieldMergedDifferentlyInTwoPlacesKeepsEachSelection() async throws {
        let harness = try await ServerHarness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.data(#"mutation { createBlog(input: {id: "b1", name: "Blog"}) { id } }"#)
        for index in 0..<3 {
            _ = try await harness.data(
                #"mutation { createPost(input: {id: "p\#(index)", title: "T", blogPostsId: "b1"}) { id } }"#)
        }
        let (_, body) = try await harness.post(
            """
            {
              listPosts { items { ...P blog { id } } }
              getPost(id: "p1") { ...P blog { name } }
            }
            fragment P on Post { blog { createdAt } }
            """)
        #expect(body["errors"] == nil, "\(body.text)")
        let items = body["data"]?["listPosts"]?["items"]?.arrayValue ?? []
        #expect(items.count == 3)
        for item in items {
            #expect(item["blog"]?.objectValue?.keys.sorted() == ["createdAt", "id"])
        }
        #expect(body["data"]?["getPost"]?["blog"]?.objectValue?.keys.sorted() == ["createdAt", "name"])
        #expect(body["data"]?["getPost"]?["blog"]?["name"] == "Blog")
    }
}
