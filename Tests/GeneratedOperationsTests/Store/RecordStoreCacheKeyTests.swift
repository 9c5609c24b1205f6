import Foundation
import Switchboard
import SwitchboardStore
import Testing

/// Cache keys built from configured key fields: several fields joined by `+`, strings with
/// escapes, numbers and Booleans, and more object types in one response than the resolver
/// remembers at once.
@Suite struct RecordStoreCacheKeyTests {
    struct ShelfQuery: GraphQLQuery {
        static let operationName = "Shelf"
        static let document = """
            query Shelf {
              shelf {
                __typename id
                books { __typename isbn edition signed title author { __typename id name } publisher { __typename id } }
                tracks { __typename albumId trackNumber name }
              }
            }
            """

        struct Data: Decodable, Sendable, Equatable {
            let shelf: Shelf
            struct Shelf: Decodable, Sendable, Equatable {
                let id: String
                let books: [Book]
                let tracks: [Track]
            }
            struct Book: Decodable, Sendable, Equatable {
                let isbn: String
                let edition: Int
                let signed: Bool
                let title: String
                let author: Named
                let publisher: Identified
            }
            struct Named: Decodable, Sendable, Equatable {
                let id: String
                let name: String
            }
            struct Identified: Decodable, Sendable, Equatable {
                let id: String
            }
            struct Track: Decodable, Sendable, Equatable {
                let albumId: String?
                let trackNumber: Int
                let name: String
            }
        }
    }

    static func store() -> RecordStore {
        var configuration = RecordStoreConfiguration()
        configuration.keyFields["Book"] = ["isbn", "edition", "signed"]
        configuration.keyFields["Track"] = ["albumId", "trackNumber"]
        return RecordStore(configuration: configuration)
    }

    // Five object types alternate (shelf, book, author, publisher, track), one more than the
    // resolver keeps at hand; `\u00e9` is an escape, `Caf\u00e9` reads as "Café".
    static let response = Data(
        #"""
        {"shelf":{"__typename":"Shelf","id":"s1",
          "books":[
            {"__typename":"Book","isbn":"978-Caf\u00e9","edition":2,"signed":true,"title":"One",
             "author":{"__typename":"Author","id":"a1","name":"Ann"},"publisher":{"__typename":"Publisher","id":"p1"}},
            {"__typename":"Book","isbn":"978-1","edition":1,"signed":false,"title":"Two",
             "author":{"__typename":"Author","id":"a1","name":"Ann"},"publisher":{"__typename":"Publisher","id":"p2"}}],
          "tracks":[
            {"__typename":"Track","albumId":"al1","trackNumber":7,"name":"Seven"},
            {"__typename":"Track","albumId":null,"trackNumber":8,"name":"No album"}]}}
        """#.utf8)

    @Test func keyFieldsJoinStringsNumbersAndBooleans() async throws {
        let store = Self.store()
        try await store.write(json: Self.response, for: ShelfQuery())
        #expect(
            await store.recordKeys == [
                "Author:a1", "Book:978-1+1+false", "Book:978-Café+2+true", "Publisher:p1", "Publisher:p2",
                "QUERY_ROOT", "Shelf:s1", "Shelf:s1.tracks.1", "Track:al1+7",
            ])
        // A key field that is null leaves the object without an identity: it is stored under its path.
        #expect(await store.record(for: "Shelf:s1.tracks.1")?["name"] == .scalar("No album"))
        let read = try await store.read(operation: ShelfQuery())
        #expect(read == (try JSONBytesDecoder().decode(ShelfQuery.Data.self, from: Self.response)))
        #expect(read.shelf.books.map(\.isbn) == ["978-Café", "978-1"])
    }

    @Test func aLaterResponseUpdatesTheRecordOfTheSameCompositeKey() async throws {
        let store = Self.store()
        try await store.write(json: Self.response, for: ShelfQuery())
        let renamed = String(decoding: Self.response, as: UTF8.self).replacingOccurrences(
            of: "Seven", with: "Seven (live)")
        try await store.write(json: Data(renamed.utf8), for: ShelfQuery())
        #expect(await store.record(for: "Track:al1+7")?["name"] == .scalar("Seven (live)"))
        #expect(await store.recordKeys.count == 9)
    }
}
