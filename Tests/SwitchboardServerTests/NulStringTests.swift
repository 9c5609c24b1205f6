import Foundation
import Testing

@testable import SwitchboardServer

/// Strings holding U+0000 over HTTP, with either store: keys and fields are kept byte for byte
/// (SQLite once stored them cut at the NUL), and filters, key conditions and index partitions
/// that contain a NUL find them.
@Suite struct NulStringTests {
    static let schema = """
        type Note @model {
          id: ID!
          text: String
          tag: String @index(name: "byTag", sortKeyFields: ["label"], queryField: "notesByTag")
          label: String
        }
        """

    enum Storage: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    static let create = """
        mutation C($input: CreateNoteInput!) { createNote(input: $input) { id text tag label } }
        """
    static let get = "query G($id: ID!) { getNote(id: $id) { id text tag label } }"
    static let list = """
        query L($filter: ModelNoteFilterInput) { listNotes(filter: $filter) { items { id } } }
        """
    static let byTag = """
        query T($tag: String!, $label: ModelStringKeyConditionInput) {
          notesByTag(tag: $tag, label: $label) { items { id label } }
        }
        """

    static func ids(_ connection: JSON) -> Set<String> {
        Set(connection["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [])
    }

    @Test(arguments: Storage.allCases) func stringsWithNulAreKeptWholeAndFound(_ storage: Storage) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-nul-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let harness = try await ServerHarness.start(
            Self.schema,
            configuration: .init(
                storage: storage == .sqlite ? .directory(directory) : .inMemory, apiKeys: [.init("da2-test")]))
        defer { Task { await harness.stop() } }
        let input: JSON = [
            "id": "nul\u{0}byte", "text": "before\u{0}after", "tag": "t\u{0}x", "label": "l\u{0}1",
        ]
        let created = try await harness.data(Self.create, variables: ["input": input])
        #expect(created == input)
        // An id that stops at the NUL is another item.
        _ = try await harness.data(
            Self.create, variables: ["input": ["id": "nul", "text": "short", "tag": "t", "label": "l"]])
        #expect(try await harness.data(Self.get, variables: ["id": "nul\u{0}byte"]) == input)
        let short = try await harness.data(Self.get, variables: ["id": "nul"])
        #expect(short["id"] == "nul" && short["text"] == "short")

        let expectations: [(JSON, Set<String>)] = [
            (["id": ["eq": "nul\u{0}byte"]], ["nul\u{0}byte"]),
            (["id": ["beginsWith": "nul\u{0}"]], ["nul\u{0}byte"]),
            (["text": ["eq": "before\u{0}after"]], ["nul\u{0}byte"]),
            (["text": ["contains": "\u{0}aft"]], ["nul\u{0}byte"]),
            (["text": ["beginsWith": "before\u{0}"]], ["nul\u{0}byte"]),
            (["id": ["eq": "nul"]], ["nul"]),
            (["id": ["beginsWith": "nul"]], ["nul", "nul\u{0}byte"]),
        ]
        for (filter, expected) in expectations {
            let listed = try await harness.data(Self.list, variables: ["filter": filter])
            #expect(Self.ids(listed) == expected, "\(filter.text)")
        }
        // The index partition and the sort-key condition go to the store (SQL for SQLite).
        let byTag = try await harness.data(Self.byTag, variables: ["tag": "t\u{0}x"])
        #expect(Self.ids(byTag) == ["nul\u{0}byte"] && byTag["items"]?[0]?["label"] == "l\u{0}1")
        #expect(Self.ids(try await harness.data(Self.byTag, variables: ["tag": "t"])) == ["nul"])
        for (condition, expected) in [
            (["beginsWith": "l\u{0}"], ["nul\u{0}byte"]), (["beginsWith": "l\u{0}2"], []),
            (["eq": "l\u{0}1"], ["nul\u{0}byte"]), (["beginsWith": ""], ["nul\u{0}byte"]),
        ] as [(JSON, Set<String>)] {
            let page = try await harness.data(Self.byTag, variables: ["tag": "t\u{0}x", "label": condition])
            #expect(Self.ids(page) == expected, "\(condition.text)")
        }
    }
}
