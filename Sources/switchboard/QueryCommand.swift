import Foundation
import GraphQLLanguage
import SwitchboardAPI

/// `switchboard query (--config FILE | --endpoint URL) [-H 'Name: value']... DOCUMENT`: runs one
/// query or mutation through the same pipeline apps use and prints the response JSON.
struct QueryCommand: CLICommand {
    static let name = "query"
    static let summary = "run a GraphQL query or mutation and print the response JSON"
    static let usage = """
        switchboard query (--config FILE [--api NAME] | --endpoint URL [--api-key KEY])
                          [-H 'Name: value']... [--variables JSON] DOCUMENT
          --config FILE      amplifyconfiguration.json or amplify_outputs.json
          --api NAME         the API to use when the file configures several
          --endpoint URL     the GraphQL endpoint, without a configuration file (authorization NONE)
          --api-key KEY      with --endpoint: send KEY as x-api-key (authorization API_KEY)
          -H 'Name: value'   a header for every request (repeatable); set after the API key or
                             token, so it may replace them, and signed with AWS_IAM
          --variables JSON   the variables object, e.g. '{"id": "1"}', or @path to read it from a file
          --transport T      how HTTP requests go: switchboard (its own HTTP/1.1 client; the default on
                             Linux) or urlsession (the default on Apple platforms)
          DOCUMENT           the GraphQL document, @path to read it from a file, or - for stdin
        The document is parsed first: a syntax error is reported as SOURCE:LINE:COLUMN and nothing is sent.
        Tokens for Cognito, OIDC and Lambda authorization come from SWITCHBOARD_AUTH_TOKEN.
        Exit status: 0 data, 1 GraphQL errors or a failed request, 2 usage, input or configuration error.
        """
    static let options: Set<String> = APITarget.options.union(["variables", "transport"])
    static let flags: Set<String> = []

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        guard arguments.positional.count == 1, let documentArgument = arguments.positional.first else {
            throw UsageError("expected exactly one DOCUMENT argument")
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
