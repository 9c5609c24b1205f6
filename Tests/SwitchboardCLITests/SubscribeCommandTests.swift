import Foundation
import SwitchboardMock
import TestSupport
import Testing

/// `switchboard subscribe` run as a real process against an in-process mock server.
@Suite struct SubscribeCommandTests {
    private static func configuration(for server: MockServer, protocolName: String? = nil) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sb-sub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("amplifyconfiguration.json")
        let extra = protocolName.map { #", "subscriptionProtocol": "\#($0)""# } ?? ""
        let json = """
            {"api": {"plugins": {"awsAPIPlugin": {"todo": {"endpointType": "GraphQL",
              "endpoint": "\(server.graphQLURL.absoluteString)", "region": "us-east-1",
              "authorizationType": "API_KEY", "apiKey": "da2-clikey"\(extra)}}}}}
            """
        try Data(json.utf8).write(to: file)
        return file.path
    }

    @Test(arguments: [nil, "graphql-transport-ws"])
    func printsDataEventsAsJSONLinesAndExitsAfterCount(protocolName: String?) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("OnTick"),
                events: [
                    .data(["onTick": ["n": 1]]), .data(["onTick": ["n": 2]]), .data(["onTick": ["n": 3]]),
                ])
        ])
        defer { Task { await server.stop() } }
        let config = try Self.configuration(for: server, protocolName: protocolName)
        let result = try await CommandRunner.run(
            switchboard, ["subscribe", "--config", config, "--count", "2", "subscription OnTick { onTick { n } }"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == [#"{"data":{"onTick":{"n":1}}}"#, #"{"data":{"onTick":{"n":2}}}"#])
        #expect(result.standardError.contains("connecting"))
        #expect(result.standardError.contains("connected"))
    }

    @Test func aTerminalErrorExitsOneWithAMessage() async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(.operations("OnSecret"), requiredHeaders: ["x-admin": "yes"])
        ])
        defer { Task { await server.stop() } }
        let config = try Self.configuration(for: server)
        let result = try await CommandRunner.run(
            switchboard, ["subscribe", "--config", config, "subscription OnSecret { onSecret { id } }"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("UnauthorizedException"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: ["appsync", "graphql-transport-ws"])
    func endpointHeadersAndStandardInputWorkWithoutAConfigurationFile(protocolName: String) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let server = try await MockServer(endpoints: [
            SubscriptionEndpoint(
                .operations("OnTick"), requiredHeaders: ["x-team": "blue"], events: [.data(["onTick": ["n": 1]])])
        ])
        defer { Task { await server.stop() } }
        let result = try await CommandRunner.run(
            switchboard,
            [
                "subscribe", "--endpoint", server.graphQLURL.absoluteString, "--protocol", protocolName,
                "-H", "x-team: blue", "--count", "1", "-",
            ],
            standardInput: Data("subscription OnTick { onTick { n } }".utf8))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == #"{"data":{"onTick":{"n":1}}}"# + "\n")

        let without = try await CommandRunner.run(
            switchboard,
            [
                "subscribe", "--endpoint", server.graphQLURL.absoluteString, "--protocol", protocolName,
                "subscription OnTick { onTick { n } }",
            ])
        #expect(without.status == 1)
        #expect(without.standardError.contains("UnauthorizedException"), "\(without.standardError)")
    }

    @Test(arguments: [nil, "graphql-transport-ws"])
    func aPortWhereNothingListensFailsAtOnceNamingTheURL(protocolName: String?) async throws {
        guard let switchboard = CommandRunner.executable("switchboard") else { return }
        let refusing = try RefusingPort()
        let endpoint = "http://127.0.0.1:\(refusing.port)/graphql"
        let realtime =
            protocolName == nil
            ? "ws://127.0.0.1:\(refusing.port)/graphql/realtime" : "ws://127.0.0.1:\(refusing.port)/graphql"
        let result = try await CommandRunner.run(
            switchboard,
            ["subscribe", "--endpoint", endpoint] + (protocolName.map { ["--protocol", $0] } ?? [])
                + ["subscription OnTick { onTick { n } }"])
        withExtendedLifetime(refusing) {}
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        // One connection attempt, not a silent series of retries with back-off.
        #expect(lines.filter { $0 == "switchboard: connection connecting" }.count == 1, "\(result.standardError)")
        let last = try #require(lines.last)
        #expect(last.hasPrefix("switchboard: cannot connect to \(realtime): "), "\(result.standardError)")
        #expect(last.lowercased().contains("connection refused"), "\(result.standardError)")
        #expect(!last.contains("attempts"))
        #expect(result.standardOutput.isEmpty)
    }
}
