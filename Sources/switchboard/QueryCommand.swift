import Foundation
import SwitchboardAPI

/// `switchboard query --config FILE [--api NAME] [--variables JSON] DOCUMENT`: runs one query or
/// mutation through the same pipeline apps use and prints the response JSON.
struct QueryCommand: CLICommand {
    static let name = "query"
    static let summary = "run a GraphQL query or mutation and print the response JSON"
    static let usage = """
        switchboard query --config FILE [--api NAME] [--variables JSON] DOCUMENT
          --config FILE      amplifyconfiguration.json or amplify_outputs.json
          --api NAME         the API to use when the file configures several
          --variables JSON   the variables object, e.g. '{"id": "1"}'
          DOCUMENT           the GraphQL document, or @path to read it from a file
        Tokens for Cognito, OIDC and Lambda authorization come from SWITCHBOARD_AUTH_TOKEN.
        Exit status: 0 data, 1 GraphQL errors or a failed request, 2 usage or configuration error.
        """
    static let options: Set<String> = ["config", "api", "variables"]
    static let flags: Set<String> = []

    static func run(_ arguments: ParsedArguments) async throws -> Int32 {
        let configurationPath = try arguments.required("config")
        guard arguments.positional.count == 1, let documentArgument = arguments.positional.first else {
            throw UsageError("expected exactly one DOCUMENT argument")
        }
        let document = try CommandInput.text(documentArgument)
        let variables = try CommandInput.variables(arguments.value("variables"))
        let plugin = try await CommandInput.configuredPlugin(configurationPath: configurationPath)

        let request = GraphQLRequest<JSONValue>(
            apiName: arguments.value("api"), document: document, variables: variables, responseType: JSONValue.self)
        let response =
            try await OperationKeyword.isMutation(document)
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

/// Reading documents, variables and configuration from arguments.
enum CommandInput {
    /// `@path` reads a file; anything else is the text itself.
    static func text(_ argument: String) throws(UsageError) -> String {
        guard argument.hasPrefix("@") else { return argument }
        let path = String(argument.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func variables(_ text: String?) throws(UsageError) -> [String: JSONValue]? {
        guard let text else { return nil }
        guard let value = try? JSONValue(parsing: Data(text.utf8)), case .object(let members) = value else {
            throw UsageError("--variables must be a JSON object, e.g. '{\"id\": \"1\"}'")
        }
        return members
    }

    /// An API plugin configured from the file, with a token provider from `SWITCHBOARD_AUTH_TOKEN`.
    static func configuredPlugin(configurationPath: String) async throws -> APIPlugin {
        var providers: [AuthorizationType: any AuthTokenProvider] = [:]
        if let token = ProcessInfo.processInfo.environment["SWITCHBOARD_AUTH_TOKEN"], !token.isEmpty {
            for type in AuthorizationType.allCases where type.usesTokenProvider {
                providers[type] = StaticToken(token: token)
            }
        }
        let plugin = try APIPlugin(authTokenProviders: providers)
        let configuration = try SwitchboardConfiguration.load(from: URL(fileURLWithPath: configurationPath))
        try plugin.configure(using: configuration)
        return plugin
    }

    private struct StaticToken: AuthTokenProvider {
        let token: String
        func latestToken() async throws -> String { token }
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

/// Whether a document's first operation is a mutation, from its first keyword.
enum OperationKeyword {
    static func isMutation(_ document: String) -> Bool {
        var scalars = Substring(document)
        while let first = scalars.first {
            if first == "#" {
                scalars = scalars.drop(while: { $0 != "\n" })
            } else if first.isWhitespace || first == "," || first == "\u{FEFF}" {
                scalars = scalars.dropFirst()
            } else {
                break
            }
        }
        return scalars.hasPrefix("mutation")
            && !(scalars.dropFirst(8).first.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)
    }
}
