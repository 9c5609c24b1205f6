import Foundation
import SwitchboardCore
import TestSupport
import Testing

@testable import Switchboard

/// A plugin that records how the hub drives it.
private final class RecordingPlugin: APICategoryPlugin {
    let key: String
    private let state = Locked<(configuredWith: APICategoryConfiguration?, resetCount: Int)>((nil, 0))
    var configuredWith: APICategoryConfiguration? { state.withLock { $0.configuredWith } }
    var resetCount: Int { state.withLock { $0.resetCount } }

    init(key: String = "awsAPIPlugin") { self.key = key }

    func configure(using configuration: SwitchboardConfiguration) throws {
        guard let api = try configuration.apiCategory(pluginKey: key) else {
            throw ConfigurationError(path: "api.plugins.\(key)", problem: .missingKey)
        }
        state.withLock { $0.configuredWith = api }
    }

    func reset() async {
        state.withLock {
            $0.resetCount += 1
            $0.configuredWith = nil
        }
    }

    func query<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws -> GraphQLResponse<R> {
        .failure(.error([GraphQLError(message: "recorded \(request.document)")]))
    }

    func mutate<R: Decodable & Sendable>(request: GraphQLRequest<R>) async throws -> GraphQLResponse<R> {
        try await query(request: request)
    }
}

/// The hub is process-wide, so these tests run one at a time and reset it.
@Suite(.serialized) struct HubTests {
    let configuration = Data(ConfigurationTests.twoAPIs.utf8)

    @Test func configureHandsThePluginItsSection() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            let plugin = RecordingPlugin()
            try Switchboard.add(plugin: plugin)
            try Switchboard.configure(configuration)
            #expect(Switchboard.isConfigured)
            #expect(plugin.configuredWith?.endpoints.count == 3)
            let response = try await Switchboard.API.query(
                request: GraphQLRequest(document: "{ a }", responseType: JSONValue.self))
            guard case .failure(.error(let errors)) = response else {
                Issue.record("unexpected \(response)")
                return
            }
            #expect(errors.first?.message == "recorded { a }")
            await Switchboard.reset()
            #expect(plugin.resetCount == 1)
            #expect(!Switchboard.isConfigured)
        }
    }

    @Test func configuringTwiceIsAnError() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: RecordingPlugin())
            try Switchboard.configure(configuration)
            #expect(throws: SwitchboardError.self) { try Switchboard.configure(self.configuration) }
            do {
                try Switchboard.configure(configuration)
            } catch let error as SwitchboardError {
                guard case .alreadyConfigured = error else {
                    Issue.record("got \(error)")
                    return
                }
            }
            await Switchboard.reset()
        }
    }

    @Test func usingTheAPIBeforeConfiguringIsAnError() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: RecordingPlugin())
            do {
                _ = try await Switchboard.API.query(
                    request: GraphQLRequest(document: "{ a }", responseType: JSONValue.self))
                Issue.record("query before configure succeeded")
            } catch let error as SwitchboardError {
                guard case .notConfigured = error else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(error.description.contains("Switchboard.configure()"))
            }
            await Switchboard.reset()
        }
    }

    @Test func addingTheSamePluginTwiceIsAnError() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: RecordingPlugin())
            #expect(throws: SwitchboardError.self) { try Switchboard.add(plugin: RecordingPlugin()) }
            try Switchboard.configure(configuration)
            #expect(throws: SwitchboardError.self) { try Switchboard.add(plugin: RecordingPlugin(key: "other")) }
            await Switchboard.reset()
        }
    }

    @Test func failedConfigureLeavesHubUnconfiguredAndRetryable() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: RecordingPlugin())
            do {
                try Switchboard.configure(Data(#"{"api": {"plugins": {"awsAPIPlugin": {"t": {}}}}}"#.utf8))
                Issue.record("bad configuration accepted")
            } catch let error as SwitchboardError {
                guard case .configuration(let inner) = error else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(inner.path == "api.plugins.awsAPIPlugin.t.endpointType")
            }
            #expect(!Switchboard.isConfigured)
            try Switchboard.configure(configuration)
            #expect(Switchboard.isConfigured)
            await Switchboard.reset()
        }
    }

    @Test func configureFromFileAndMissingPluginSection() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: RecordingPlugin(key: "otherPlugin"))
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID()).json")
            try configuration.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                try Switchboard.configure(from: url)
                Issue.record("configured a plugin that has no section")
            } catch let error as SwitchboardError {
                #expect(error.description.contains("api.plugins.otherPlugin"))
            }
            await Switchboard.reset()
        }
    }

    @Test func configureWithoutArgumentsSearchesTheWorkingDirectory() async throws {
        try await AsyncGate.hub.run {
            await Switchboard.reset()
            try Switchboard.add(plugin: RecordingPlugin())
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cwd-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let previous = FileManager.default.currentDirectoryPath
            _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
            defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
            do {
                try Switchboard.configure()
                Issue.record("configured without a file")
            } catch let error as SwitchboardError {
                #expect(error.description.contains("amplifyconfiguration.json"))
            }
            try configuration.write(to: directory.appendingPathComponent("amplifyconfiguration.json"))
            try Switchboard.configure()
            #expect(Switchboard.isConfigured)
            await Switchboard.reset()
        }
    }
}
