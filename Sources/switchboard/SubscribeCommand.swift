import Foundation
import SwitchboardAPI

/// `switchboard subscribe --config FILE [--api NAME] [--variables JSON] [--count N] DOCUMENT`:
/// prints each data event as one JSON line on stdout and connection states on stderr.
struct SubscribeCommand: CLICommand {
    static let name = "subscribe"
    static let summary = "run a GraphQL subscription and print each event as a JSON line"
    static let usage = """
        switchboard subscribe --config FILE [--api NAME] [--variables JSON] [--count N] DOCUMENT
          --config FILE      amplifyconfiguration.json or amplify_outputs.json
          --api NAME         the API to use when the file configures several
          --variables JSON   the variables object
          --count N          exit 0 after N data events (default: run until interrupted)
          DOCUMENT           the subscription document, or @path to read it from a file
        Data events go to stdout, one JSON object per line; connection states go to stderr.
        Exit status: 0 after --count events or when the server completes the subscription,
        1 on a terminal error, 2 on usage or configuration errors.
        """
    static let options: Set<String> = ["config", "api", "variables", "count"]
    static let flags: Set<String> = []

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let configurationPath = try arguments.required("config")
        guard arguments.positional.count == 1, let documentArgument = arguments.positional.first else {
            throw UsageError("expected exactly one DOCUMENT argument")
        }
        var limit: Int?
        if let text = arguments.value("count") {
            guard let count = Int(text), count > 0 else { throw UsageError("--count must be a positive number") }
            limit = count
        }
        let document = try CommandInput.text(documentArgument)
        let variables = try CommandInput.variables(arguments.value("variables"))
        let plugin = try await CommandInput.configuredPlugin(configurationPath: configurationPath)
        let request = GraphQLRequest<JSONValue>(
            apiName: arguments.value("api"), document: document, variables: variables, responseType: JSONValue.self)
        var received = 0
        for try await event in plugin.subscribe(request: request) {
            switch event {
            case .connection(let state):
                FileHandle.standardError.write(Data("switchboard: connection \(state.rawValue)\n".utf8))
            case .data(let result):
                let line: JSONValue
                switch result {
                case .success(let data): line = ["data": data]
                case .failure(.partial(let data, let errors)):
                    line = ["data": data, "errors": CommandOutput.json(errors)]
                case .failure(.error(let errors)): line = ["errors": CommandOutput.json(errors)]
                case .failure(let error): line = ["errors": [["message": .string(error.errorDescription)]]]
                }
                print(line.jsonText)
                fflush(nil)  // one line per event, promptly, even into a pipe
                received += 1
                if let limit, received >= limit { return ExitCode.success }
            }
        }
        return ExitCode.success
    }
}
