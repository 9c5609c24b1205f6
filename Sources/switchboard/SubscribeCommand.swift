import Foundation
import GraphQLLanguage
import SwitchboardAPI

/// `switchboard subscribe (--config FILE | --endpoint URL) [--count N] DOCUMENT`: prints each data
/// event as one JSON line on stdout and connection states on stderr.
struct SubscribeCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "subscribe",
        abstract: "Run a GraphQL subscription and print each event as a JSON line.",
        discussion: APITarget.discussion + """


            Data events go to standard output, one JSON object per line; connection states go to standard \
            error. A first connection that is refused fails at once; other failures and drops are retried.

            Exit status: 0 after --count events or when the server completes the subscription, 1 on a terminal \
            error, 2 on usage, input or configuration errors.
            """,
        arguments: [
            ArgumentDefinition(
                "document", help: "The subscription document, @path to read it from a file, or - for standard input.")
        ],
        options: APITarget.options + [
            .option(
                "protocol", value: "protocol",
                help: "With --endpoint: appsync (the socket is at <url>/realtime), graphql-transport-ws (the socket "
                    + "is at <url>; the legacy graphql-ws if the server chooses it) or graphql-ws (only the legacy "
                    + "subscriptions-transport-ws protocol).",
                default: "appsync"),
            APITarget.headerOption(help: "A header for the WebSocket upgrade request, as 'Name: value' (repeatable)."),
            .option("variables", value: "json", help: "The variables object, or @path to read it from a file."),
            .option("count", value: "n", help: "Exit 0 after <n> data events.", default: "run until interrupted"),
        ])

    /// Fail at once when nothing listens at the address instead of retrying silently with
    /// back-off; anything else (a timeout, a drop later) is retried as apps do.
    static let realtimeConfiguration = RealtimeConfiguration(retriesRefusedFirstConnection: false)

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard let documentArgument = arguments.positional.first else {
            throw UsageError.missing(definition.arguments[0])
        }
        var limit: Int?
        if let text = arguments.value("count") {
            guard let count = Int(text), count > 0 else { throw UsageError("--count must be a positive number") }
            limit = count
        }
        let (text, document) = try CommandInput.document(documentArgument)
        if let type = document.operations.first?.operation, type != .subscription {
            throw UsageError("the document is a \(type.rawValue); run it with `switchboard query`")
        }
        let variables = try CommandInput.variables(arguments.value("variables"))
        let plugin = try await APITarget.plugin(for: arguments, realtimeConfiguration: realtimeConfiguration)
        let request = GraphQLRequest<JSONValue>(
            apiName: arguments.value("api"), document: text, variables: variables, responseType: JSONValue.self)
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
