import Foundation
import SwitchboardMock

/// `switchboard mock CONFIG [--port N] [--max-connections N] [--max-recorded-requests N]`: serves
/// mock endpoints from a YAML/JSON file or directory until interrupted.
struct MockCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "mock",
        abstract: "Run a mock GraphQL/REST server from a YAML or JSON file or directory.",
        discussion: """
            Prints "listening on http://127.0.0.1:PORT" once it accepts connections; stop with Ctrl-C.
            """,
        arguments: [ArgumentDefinition("config", help: "A .yaml/.yml/.json file, or a directory of them.")],
        options: [
            .option("port", value: "port", help: "The port on 127.0.0.1.", default: "a free port"),
            .option(
                "max-connections", value: "n",
                help: "Connections held at once, WebSockets included; more are answered 503.",
                default: "the descriptor limit minus a reserve"),
            .option(
                "max-recorded-requests", value: "n", help: "Requests kept in memory for inspection.", default: "1000"),
        ])

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard let path = arguments.positional.first else { throw UsageError.missing(definition.arguments[0]) }
        var port = 0
        if let text = arguments.value("port") {
            guard let value = Int(text), (0...65535).contains(value) else {
                throw UsageError("--port must be a number from 0 to 65535")
            }
            port = value
        }
        var limits = MockServerLimits()
        if let text = arguments.value("max-connections") {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("--max-connections must be a number from 1")
            }
            limits.maximumConnections = value
        }
        if let text = arguments.value("max-recorded-requests") {
            guard let value = Int(text), value >= 0 else {
                throw UsageError("--max-recorded-requests must be a number from 0")
            }
            limits.maximumRecordedRequests = value
        }
        let endpoints = try loadEndpoints(path)
        let server = try await MockServer(endpoints: endpoints, limits: limits, port: port)
        print("listening on \(server.url.absoluteString)")
        print(
            "\(endpoints.count) endpoint\(endpoints.count == 1 ? "" : "s") from \(path); GraphQL at \(server.graphQLURL.absoluteString)"
        )
        fflush(nil)  // all streams: output may be a pipe, and the next line can take a while
        while true {
            try await Task.sleep(for: .seconds(3600))
        }
    }

    /// The endpoints of the file or directory `path`. A file is read here, so that a failure says
    /// why; errors in its contents are ``InputError``s with their file, line and column.
    private static func loadEndpoints(_ path: String) throws -> [any MockEndpoint] {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        do {
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                let text = try FileAccess.readText(path)
                return try MockConfiguration.parse(
                    text, file: url.lastPathComponent, baseDirectory: url.deletingLastPathComponent())
            }
            do {
                _ = try FileManager.default.contentsOfDirectory(atPath: path)
            } catch {
                throw FileAccessError(.list, path: path, error: error)
            }
            return try MockConfiguration.load(from: url)
        } catch let error as MockConfigurationError {
            throw InputError("\(error)")
        }
    }
}
