import Foundation
import SwitchboardAPI
import SwitchboardNet
import Testing

/// `List` as Amplify's: a random-access collection of the loaded page (so `map`, `filter` and
/// `contains` are unambiguous), with explicit loading and `allElements` across pages.
@Suite struct ListCollectionTests {
    @Test func collectionAlgorithmsReadTheLoadedPage() {
        let list: List<Blog> = [Blog(id: "a", name: "A"), Blog(id: "b", name: "B"), Blog(id: "c", name: "C")]
        #expect(list.map(\.name) == ["A", "B", "C"])
        #expect(list.filter { $0.id != "b" }.map(\.id) == ["a", "c"])
        #expect(list.contains { $0.id == "c" })
        #expect(list.first?.id == "a")
        #expect(list.last?.id == "c")
        #expect(list.reversed().map(\.id) == ["c", "b", "a"])
        #expect(list[list.index(list.startIndex, offsetBy: 2)].id == "c")
        #expect(list.count == 3)
    }

    @Test func aNotLoadedListIsEmptyUntilFetchedAndAllElementsWalksEveryPage() async throws {
        let (store, server, plugin) = try await ModelStoreEndToEndTests.start()
        defer { Task { await server.stop() } }
        let post = Post(id: "p1", title: "Pages", status: .published)
        _ = try await plugin.mutate(request: .create(post)).get()
        for index in 0..<5 {
            _ = try await plugin.mutate(request: .create(Comment(id: "c\(index)", content: "\(index)", post: post)))
                .get()
        }

        let fetched = try #require(try await plugin.query(request: .get(Post.self, byId: "p1")).get())
        let comments = try #require(fetched.comments)
        #expect(comments.isEmpty && !comments.isLoaded)
        try await comments.fetch()
        #expect(comments.count == 5)

        // Two models a page: allElements fetches three pages and yields each model once.
        let firstPage = try await plugin.query(request: .list(Comment.self, where: Comment.keys.post == "p1", limit: 2))
            .get()
        var seen: [String] = []
        for try await comment in firstPage.allElements { seen.append(comment.id) }
        #expect(seen.sorted() == ["c0", "c1", "c2", "c3", "c4"])
        #expect(firstPage.count == 2)
        #expect(await store.operations(named: "listComments").count == 1 + 3)
    }
}
