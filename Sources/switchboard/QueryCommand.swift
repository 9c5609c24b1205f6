import Foundation
import GraphQLLanguage
import SwitchboardAPI

/// `switchboard query (--config FILE | --endpoint URL) [-H 'Name: value']... DOCUMENT`: runs one
/// query or mutation through the same pipeline apps use and prints the response JSON.
struct QueryCommand: CLICommand {
    static let definition = CommandDefinition(
        name: "query",
        abstract: "Run a GraphQL query or mutation and print the response JSON.",
        discussion: APITarget.discussion + """


            The document is parsed first: a syntax error is reported as SOURCE:LINE:COLUMN and nothing is sent.

            Exit status: 0 data, 1 GraphQL errors or a failed request, 2 usage, input or configuration error.
            """,
        arguments: [
            ArgumentDefinition(
                "document", help: "The GraphQL document, @path to read it from a file, or - for standard input.")
        ],
        options: APITarget.options + [
            APITarget.headerOption(
                help: "A header for every request, as 'Name: value' (repeatable); set after the API key or token, "
                    + "so it may replace them, and signed with AWS_IAM."),
            .option(
                "variables", value: "json",
                help: "The variables object, e.g. '{\"id\": \"1\"}', or @path to read it from a file."),
            .option(
                "transport", value: "transport",
                help: "How HTTP requests go: switchboard (its own HTTP/1.1 client) or urlsession.",
                default: "switchboard on Linux, urlsession on Apple platforms"),
        ])

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard let documentArgument = arguments.positional.first else {
            throw UsageError.missing(definition.arguments[0])
        }
        let (text, document) = try CommandInput.document(documentArgument)
        let operationType = document.operations.first?.operation
        guard operationType != .subscription else {
            throw UsageError("the document is a subscription; run it with `switchboard subscribe`")
        }
        let variables = try CommandInput.variables(arguments.value("variables"))
        let plugin = try await APITarget.plugin(for: arguments)

        let request = GraphQLRequest<JSONValue>(
            apiName: arguments.value("api"), document: text, variables: variables, responseType: JSONValue.self)
        let response =
            try await operationType == .mutation
            ? plugin.mutate(request: request) : plugin.query(request: request)
        switch response {
        case .success(let data):
            print(CommandOutput.pretty(["data": data]))
            return ExitCode.success
        case .failure(.partial(let data, let errors)):
            print(CommandOutput.pretty(["data": data, "errors": CommandOutput.json(errors)]))
            return ExitCode.failure
        case .failure(.error(let errors)):
            print(CommandOutput.pretty(["errors": CommandOutput.json(errors)]))
            return ExitCode.failure
        case .failure(let error):
            throw APIError.operationError(error.errorDescription, "")
        }
    }
}

/// Writing JSON for people.
enum CommandOutput {
    static func pretty(_ value: JSONValue) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return value.jsonText }
        return String(decoding: data, as: UTF8.self)
    }

    static func json(_ errors: [GraphQLError]) -> JSONValue {
        (try? JSONValue(encoding: errors)) ?? .array(errors.map { .string($0.message) })
    }
}
