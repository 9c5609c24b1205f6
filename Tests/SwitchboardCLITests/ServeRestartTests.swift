import Foundation
import Switchboard
import SwitchboardAPI
import TestSupport
import Testing

/// `switchboard serve --data DIR` killed with SIGKILL in the middle of a stream of creates and
/// updates: after a restart every acknowledged write is there, every row is whole (its payload
/// agrees with its version), and a `nextToken` handed out before the kill still resumes the list.
@Suite struct ServeRestartTests {
    static let schema = """
        type Entry @model {
          id: ID!
          version: Int!
          payload: String!
          digest: String!
        }
        """

    /// What an entry at `version` holds; a row whose fields disagree was torn.
    static func payload(_ id: String, _ version: Int) -> String {
        String(repeating: "\(id)@\(version)|", count: 150)
    }

    static func write(_ id: String, version: Int) -> GraphQLRequest<JSONValue> {
        let input: JSONValue = [
            "id": .string(id), "version": .number(Double(version)), "payload": .string(payload(id, version)),
            "digest": .string("\(id)@\(version)"),
        ]
        let operation = version == 1 ? "create" : "update"
        let type = version == 1 ? "CreateEntryInput" : "UpdateEntryInput"
        return GraphQLRequest(
            document: "mutation W($input: \(type)!) { \(operation)Entry(input: $input) { id version } }",
            variables: ["input": input], responseType: JSONValue.self, decodePath: "\(operation)Entry")
    }

    static let list = """
        query L($limit: Int, $nextToken: String) {
          listEntries(limit: $limit, nextToken: $nextToken) { items { id version payload digest } nextToken }
        }
        """

    static func page(_ api: APIPlugin, limit: Int, nextToken: String?) async throws -> (
        items: [JSONValue], nextToken: String?
    ) {
        var variables: [String: JSONValue] = ["limit": .number(Double(limit))]
        if let nextToken { variables["nextToken"] = .string(nextToken) }
        let page = try await api.query(
            request: GraphQLRequest(
                document: list, variables: variables, responseType: JSONValue.self, decodePath: "listEntries")
        ).get()
        return (page["items"]?.arrayValue ?? [], page["nextToken"]?.stringValue)
    }

    /// The versions each writer saw acknowledged.
    actor Acknowledged {
        private(set) var versions: [String: Int] = [:]
        private(set) var count = 0
        func record(_ id: String, _ version: Int) {
            versions[id] = max(versions[id] ?? 0, version)
            count += 1
        }
    }

    @Test(.timeLimit(.minutes(2))) func acknowledgedWritesAndTokensSurviveAKillWithNoTornRows() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let directory = try ServeProcess.directory(schema: Self.schema, prefix: "sb-serve-kill")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = directory.appendingPathComponent("amplifyconfiguration.json")
        let arguments = [
            "--schema", directory.appendingPathComponent("model.graphql").path, "--port", "0",
            "--data", directory.appendingPathComponent("data").path, "--write-config", configuration.path,
        ]
        let first = try await ServeProcess.start(switchboard, arguments)
        defer { first.process.terminate() }
        let api = try APIPlugin()
        try api.configure(using: SwitchboardConfiguration.load(from: configuration))

        for index in 0..<20 { _ = try await api.mutate(request: Self.write("seed-\(index)", version: 1)).get() }
        let firstPage = try await Self.page(api, limit: 5, nextToken: nil)
        let token = try #require(firstPage.nextToken)

        // Four writers create entries and update each one twice, until the server dies.
        let acknowledged = Acknowledged()
        let writers = Task {
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    group.addTask {
                        for index in 0... {
                            let id = "w\(writer)-\(index)"
                            for version in 1...3 {
                                guard (try? await api.mutate(request: Self.write(id, version: version)).get()) != nil
                                else { return }
                                await acknowledged.record(id, version)
                            }
                        }
                    }
                }
            }
        }
        while await acknowledged.count < 300 { try await Task.sleep(for: .milliseconds(5)) }
        first.process.send(signal: SIGKILL)
        _ = await first.process.exitStatus()
        #expect(first.process.wasKilledBySignal)
        await writers.value
        let expected = await acknowledged.versions

        let second = try await ServeProcess.start(switchboard, arguments)
        defer { second.process.terminate() }
        let restarted = try APIPlugin()
        try restarted.configure(using: SwitchboardConfiguration.load(from: configuration))

        var rows: [String: JSONValue] = [:]
        var next: String? = nil
        repeat {
            let page = try await Self.page(restarted, limit: 37, nextToken: next)
            for item in page.items {
                let id = try #require(item["id"]?.stringValue)
                #expect(rows[id] == nil, "\(id) listed twice")
                rows[id] = item
            }
            next = page.nextToken
        } while next != nil
        for (id, item) in rows {
            let version = try #require(item["version"]?.intValue, "\(id) has no version")
            #expect(item["payload"]?.stringValue == Self.payload(id, version), "\(id): payload torn")
            #expect(item["digest"]?.stringValue == "\(id)@\(version)", "\(id): digest torn")
        }
        for (id, version) in expected {
            let stored = rows[id]?["version"]?.intValue
            // The write in flight at the kill may have committed without its answer arriving.
            #expect(
                stored == version || stored == version + 1, "\(id): acknowledged v\(version), stored \(stored ?? 0)")
        }
        #expect((0..<20).allSatisfy { rows["seed-\($0)"] != nil })

        // The token from before the kill resumes after the first page's last item.
        let resumed = try await Self.page(restarted, limit: 1000, nextToken: token)
        let firstIDs = firstPage.items.compactMap { $0["id"]?.stringValue }
        let resumedIDs = resumed.items.compactMap { $0["id"]?.stringValue }
        #expect(Set(firstIDs).isDisjoint(with: resumedIDs))
        #expect(Set(firstIDs + resumedIDs) == Set(rows.keys))
    }
}
