// swift-format-ignore-file: AlwaysUseLowerCamelCase

import Foundation
import Switchboard
import SwitchboardAPI
import SwitchboardServer
import Testing

/// `get<Model>` reads an object a list already stored, with no request: the redirect comes from
/// the registered model's primary key (composite keys included), from AppSync's `getX(id:)`
/// convention, or from `RecordStoreConfiguration.cacheRedirects`. Against the local server over
/// sockets, which is stopped before the reads that must come from the store.
@Suite(.serialized) struct CacheRedirectTests {
    struct ListTracksQuery: GraphQLQuery {
        static let operationName = "ListTracks"
        static let document = "query ListTracks { listTracks { items { __typename album disc number title } } }"
        let variables = GraphQLNoVariables()
        struct Data: Decodable, Sendable, Equatable {
            let listTracks: Page
            struct Page: Decodable, Sendable, Equatable { let items: [TrackData] }
        }
    }

    struct TrackData: Decodable, Sendable, Equatable {
        let __typename: String
        let album: String
        let disc: Int
        let number: Int
        let title: String?
    }

    struct GetTrackQuery: GraphQLQuery {
        static let operationName = "GetTrack"
        static let document = """
            query GetTrack($album: ID!, $disc: Int!, $number: Int!) {
              getTrack(album: $album, disc: $disc, number: $number) { __typename album disc number title }
            }
            """
        struct Variables: Encodable, Sendable { let album: String, disc: Int, number: Int }
        let variables: Variables
        struct Data: Decodable, Sendable, Equatable { let getTrack: TrackData? }
    }

    struct ListPostsQuery: GraphQLQuery {
        static let operationName = "ListPosts"
        static let document = "query ListPosts { listPosts { items { __typename id title } } }"
        let variables = GraphQLNoVariables()
        struct Data: Decodable, Sendable, Equatable {
            let listPosts: Page
            struct Page: Decodable, Sendable, Equatable { let items: [PostData] }
        }
    }

    struct PostData: Decodable, Sendable, Equatable {
        let __typename: String
        let id: String
        let title: String
    }

    struct GetPostQuery: GraphQLQuery {
        static let operationName = "GetPost"
        static let document = "query GetPost($id: ID!) { getPost(id: $id) { __typename id title } }"
        struct Variables: Encodable, Sendable { let id: String }
        let variables: Variables
        struct Data: Decodable, Sendable, Equatable { let getPost: PostData? }
    }

    @Test func getReadsWhatAListStoredWithoutARequest() async throws {
        ModelRegistry.register(modelType: Track.self)
        let harness = try await ModelClientHarness.start()
        try await harness.create([
            Track(album: "a", disc: 1, number: 1, title: "Intro"), Track(album: "a", disc: 2, number: 1, title: "Coda"),
        ])
        _ = try await harness.api.mutate(request: .create(Post(id: "p1", title: "Hello"))).get()
        _ = try await harness.api.query(operation: ListTracksQuery(), cachePolicy: .returnCacheDataElseFetch).get()
        _ = try await harness.api.query(operation: ListPostsQuery(), cachePolicy: .returnCacheDataElseFetch).get()
        await harness.stop()

        // The registered model's composite key: Track:a+2+1.
        let track = try await harness.api.query(
            operation: GetTrackQuery(variables: .init(album: "a", disc: 2, number: 1)),
            cachePolicy: .returnCacheDataElseFetch
        ).get()
        #expect(track.getTrack?.title == "Coda")
        // AppSync's getX(id:) convention: Post:p1.
        let post = try await harness.api.query(
            operation: GetPostQuery(variables: .init(id: "p1")), cachePolicy: .returnCacheDataElseFetch
        ).get()
        #expect(post.getPost?.title == "Hello")
        // An object the store does not hold is still a miss (here: the stopped server's error).
        await #expect(throws: (any Error).self) {
            try await harness.api.query(
                operation: GetTrackQuery(variables: .init(album: "a", disc: 9, number: 9)),
                cachePolicy: .returnCacheDataElseFetch)
        }
    }

    @Test func aConfiguredRedirectWins() async throws {
        var configuration = RecordStoreConfiguration()
        configuration.cacheRedirects["getPost"] = { arguments in
            arguments["id"]?.stringValue.map { CacheKey("Post:\($0.lowercased())") }
        }
        let store = RecordStore(configuration: configuration)
        try await store.write(
            data: ["listPosts": ["items": [["__typename": "Post", "id": "p1", "title": "Hello"]]]],
            for: ListPostsQuery())
        let post = try await store.read(operation: GetPostQuery(variables: .init(id: "P1")))
        #expect(post.getPost?.title == "Hello")
        let missing = await #expect(throws: RecordStoreError.self) {
            try await store.read(operation: GetPostQuery(variables: .init(id: "p2")))
        }
        #expect(missing?.isCacheMiss == true)
    }

    struct Books: GraphQLQuery {
        static let operationName = "Books"
        static let document = "query Books { books { __typename isbn title } }"
        typealias Data = JSONValue
    }

    struct GetBook: GraphQLQuery {
        static let operationName = "GetBook"
        static let document =
            "query GetBook($isbn: String, $id: ID) { getBook(isbn: $isbn, id: $id) { __typename title } }"
        struct Variables: Encodable, Sendable {
            var isbn: String?
            var id: String?
        }
        let variables: Variables
        typealias Data = JSONValue
    }

    /// The automatic redirect builds keys as the store does (configured key fields first) and is
    /// off on request, or when a key function makes the keys.
    @Test func automaticRedirectsFollowTheStoresKeysAndCanBeTurnedOff() async throws {
        let books: JSONValue = ["books": [["__typename": "Book", "isbn": "978-0", "title": "Dune"]]]
        var configuration = RecordStoreConfiguration()
        configuration.keyFields["Book"] = ["isbn"]
        let store = RecordStore(configuration: configuration)
        try await store.write(data: books, for: Books())
        let found = try await store.read(operation: GetBook(variables: .init(isbn: "978-0")))
        #expect(found["getBook"]?["title"] == "Dune")
        // `id` is not the key of a Book here: no redirect, a miss.
        await #expect(throws: RecordStoreError.self) {
            try await store.read(operation: GetBook(variables: .init(id: "978-0")))
        }

        for change in [
            { (c: inout RecordStoreConfiguration) in c.automaticCacheRedirects = false },
            { (c: inout RecordStoreConfiguration) in
                c.cacheKey = { typename, object in
                    object["isbn"]?.stringValue.map { CacheKey("\(typename):\($0)") }
                }
            },
        ] {
            var off = configuration
            change(&off)
            let other = RecordStore(configuration: off)
            try await other.write(data: books, for: Books())
            await #expect(throws: RecordStoreError.self) {
                try await other.read(operation: GetBook(variables: .init(isbn: "978-0")))
            }
        }
    }
}
