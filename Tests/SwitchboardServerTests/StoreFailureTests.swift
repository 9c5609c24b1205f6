import Foundation
import ModelTransform
import Switchboard
import SwitchboardCore
// The second connection to the server's database file; SwitchboardServer builds on this module.
import SwitchboardSQLite
import Testing

@testable import SwitchboardServer

/// Store failures reach clients in AppSync's shapes only, with the detail in the server's log: a
/// database another connection keeps locked answers with DynamoDB's throttling error, any other
/// failure with AppSync's InternalFailure, and neither carries SQL or SQLite's words.
@Suite struct StoreFailureTests {
    static let create = "mutation C($input: CreatePostInput!) { createPost(input: $input) { id title } }"
    static let get = "query G($id: ID!) { getPost(id: $id) { id title } }"

    /// Words of SQLite's messages and of the store's SQL.
    static let internals = ["SQLite", "sqlite", "BEGIN", "database", "locked", "SELECT", "INSERT", "no such table"]

    static func expectNoInternals(_ body: JSON, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = body.text
        for word in internals {
            #expect(!text.contains(word), "the response shows \(word): \(text)", sourceLocation: sourceLocation)
        }
    }

    static func startOnDisk(_ directory: URL, busyTimeout: Duration = .seconds(5)) async throws -> ServerHarness {
        var configuration = LocalServer.Configuration(storage: .directory(directory), apiKeys: [.init("da2-test")])
        configuration.storeBusyTimeout = busyTimeout
        return try await ServerHarness.start(configuration: configuration)
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sb-failure-\(UUID().uuidString)")
    }

    @Test func aLockedDatabaseAnswersWithThrottlingAndTheServerKeepsServing() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A short busy timeout from the server's configuration (5 s by default).
        let harness = try await Self.startOnDisk(directory, busyTimeout: .milliseconds(200))
        defer { Task { await harness.stop() } }
        _ = try await harness.data(Self.create, variables: ["input": ["id": "p1", "title": "One"]])

        let other = try SQLiteDatabase(path: directory.appendingPathComponent(SQLiteStore.fileName).path)
        try other.execute("BEGIN IMMEDIATE")
        // The server waits its busy timeout for the lock, then gives up.
        let (status, body) = try await harness.post(Self.create, variables: ["input": ["id": "p2", "title": "Two"]])
        // Reads do not wait for a writer (WAL).
        #expect(try await harness.data(Self.get, variables: ["id": "p1"]) == ["id": "p1", "title": "One"])
        try other.execute("ROLLBACK")

        #expect(status == 200)
        #expect(body["data"] == ["createPost": nil])
        let error = body["errors"]?[0]
        #expect(error?["errorType"] == "DynamoDB:ProvisionedThroughputExceededException")
        #expect(error?["path"] == ["createPost"])
        #expect(
            error?["message"]?.stringValue?.hasPrefix(
                "Throughput exceeds the current capacity of your table or index.") == true)
        Self.expectNoInternals(body)

        // Once the lock is gone the same write goes through.
        let created = try await harness.data(Self.create, variables: ["input": ["id": "p2", "title": "Two"]])
        #expect(created == ["id": "p2", "title": "Two"])
        #expect(try await harness.data(Self.get, variables: ["id": "p2"]) == ["id": "p2", "title": "Two"])
    }

    @Test func otherStoreFailuresAnswerInternalFailureWithoutSQL() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let harness = try await Self.startOnDisk(directory)
        defer { Task { await harness.stop() } }
        _ = try await harness.data(Self.create, variables: ["input": ["id": "p1", "title": "One"]])
        let other = try SQLiteDatabase(path: directory.appendingPathComponent(SQLiteStore.fileName).path)
        try other.execute("DROP TABLE \"Post\"")
        for (query, variables) in [
            (Self.get, ["id": "p1"] as JSON), ("{ listPosts { items { id } } }", [:] as JSON),
            (Self.create, ["input": ["id": "p2", "title": "Two"]] as JSON),
        ] as [(String, JSON)] {
            let (status, body) = try await harness.post(query, variables: variables)
            #expect(status == 200)
            #expect(body["errors"]?[0]?["errorType"] == "InternalFailure")
            #expect(body["errors"]?[0]?["message"] == "An internal error occurred.")
            Self.expectNoInternals(body)
        }
        // Models the failure does not touch are served as before.
        _ = try await harness.data("mutation { createBlog(input: {id: \"b1\", name: \"Blog\"}) { id } }")
    }

    @Test func theBusyTimeoutIsTheStoresToChoose() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let layouts = try ModelTransformer.transform(ServerHarness.blogSchema).catalog.models.map(
            TableLayout.init(model:))
        let store = try SQLiteStore.open(directory: directory, layouts: layouts, busyTimeout: .milliseconds(100))
        let other = try SQLiteDatabase(path: directory.appendingPathComponent(SQLiteStore.fileName).path)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        #expect(try await store.busyTimeoutMilliseconds() == 100)
        let error = await #expect(throws: StorageError.self) {
            _ = try await store.write(in: "Post", key: ItemKey(partition: "p1")) { _ in
                .put(["id": "p1", "title": "One"])
            }
        }
        #expect(error?.isBusy == true)
        await store.close()
        try other.execute("ROLLBACK")
        let defaultStore = try SQLiteStore.open(directory: directory, layouts: layouts)
        #expect(try await defaultStore.busyTimeoutMilliseconds() == 5_000)
        await defaultStore.close()
        // Out of its range, the server's setting is refused before anything opens.
        var configuration = LocalServer.Configuration(storage: .directory(directory))
        configuration.storeBusyTimeout = .seconds(-1)
        await #expect(throws: LocalServerError.self) {
            _ = try await LocalServer.start(schema: ServerHarness.blogSchema, configuration: configuration)
        }
    }

    /// Log messages, kept for inspection.
    final class CapturedLog: LogHandler {
        let level = LogLevel.trace
        let entries = Locked<[(level: LogLevel, message: String)]>([])

        func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
            entries.withLock { $0.append((level, message)) }
        }
    }

    /// A store whose every operation fails with `error`.
    struct FailingStore: ModelStore {
        let error: StorageError
        func paginationSecret() async throws -> [UInt8] { [] }
        func item(in table: String, key: ItemKey) async throws -> JSONObject? { throw error }
        func query(_ query: KeyQuery) async throws -> QueryPage { throw error }
        func write(
            in table: String, key: ItemKey, _ change: @Sendable (JSONObject?) throws -> ItemChange
        ) async throws -> WriteResult { throw error }
        func close() async {}
    }

    @Test func theDetailGoesToTheLogAndTheResponseGetsAppSyncsShape() async throws {
        let log = CapturedLog()
        let logger = SwitchboardLogger(handler: log, source: "server")
        let failing = FailureReportingStore(
            base: FailingStore(
                error: StorageError("SQLite failed: disk I/O error in INSERT INTO \"Post\"", resultCode: 10)),
            logger: logger)
        let failure = await #expect(throws: ExecutionError.self) {
            _ = try await failing.item(in: "Post", key: ItemKey(partition: "p1"))
        }
        #expect(failure == AppSyncErrors.internalFailure())
        let busy = FailureReportingStore(
            base: FailingStore(
                error: StorageError("SQLite failed: database is locked in BEGIN IMMEDIATE", resultCode: 5)),
            logger: logger)
        let throttled = await #expect(throws: ExecutionError.self) {
            _ = try await busy.query(KeyQuery(table: "Post", limit: 1))
        }
        #expect(throttled?.errorType == "DynamoDB:ProvisionedThroughputExceededException")
        let entries = log.entries.withLock { $0 }
        #expect(entries.count == 2)
        #expect(entries.first?.level == .error && entries.first?.message.contains("disk I/O error in INSERT") == true)
        #expect(entries.last?.level == .warning && entries.last?.message.contains("BEGIN IMMEDIATE") == true)

        // Errors in AppSync's shape, raised while writing, pass unchanged and are not logged.
        let layouts = try ModelTransformer.transform(ServerHarness.blogSchema).catalog.models.map(
            TableLayout.init(model:))
        let working = FailureReportingStore(base: InMemoryStore(layouts: layouts), logger: logger)
        let refused = await #expect(throws: ExecutionError.self) {
            _ = try await working.write(in: "Post", key: ItemKey(partition: "p1")) { _ in
                throw AppSyncErrors.unauthorized(fields: ["title"])
            }
        }
        #expect(refused == AppSyncErrors.unauthorized(fields: ["title"]))
        #expect(log.entries.withLock { $0.count } == 2)
    }
}
