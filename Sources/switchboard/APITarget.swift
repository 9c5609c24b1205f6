import Foundation
import SwitchboardAPI

/// Where `query` and `subscribe` send operations: the APIs of a configuration file (`--config`,
/// `--api`) or one endpoint given on the command line (`--endpoint`, `--api-key`, `--protocol`),
/// with the `-H` headers added to every request of that API.
enum APITarget {
    /// The options every command that talks to an API accepts, before its `-H`.
    static let options: [OptionDefinition] = [
        .option(
            "config", value: "file", help: "An amplifyconfiguration.json or amplify_outputs.json to use the APIs of."),
        .option("api", value: "name", help: "The API to use when the --config file configures several."),
        .option(
            "endpoint", value: "url",
            help: "The GraphQL endpoint, without a configuration file (authorization NONE)."),
        .option("api-key", value: "key", help: "With --endpoint: send <key> as x-api-key (authorization API_KEY)."),
    ]

    /// `-H`, `--header`, with what the command does with the headers.
    static func headerOption(help: String) -> OptionDefinition {
        .option("header", short: "H", value: "header", help: help, repeatable: true)
    }

    /// What the discussion of a command with ``options`` says about them.
    static let discussion = """
        Give --config (the APIs of an app's configuration file) or --endpoint (one API, no file). Tokens for \
        Cognito, OIDC and Lambda authorization come from SWITCHBOARD_AUTH_TOKEN.
        """

    /// The name of the API that `--endpoint` configures.
    static let endpointAPIName = "endpoint"

    /// An API plugin configured from the arguments, with a token provider from
    /// `SWITCHBOARD_AUTH_TOKEN`. Nothing is sent.
    static func plugin(
        for arguments: ParsedArguments, endpoint: String? = nil,
        realtimeConfiguration: RealtimeConfiguration = RealtimeConfiguration()
    ) async throws -> APIPlugin {
        var headers: [CommandLineHeader] = []
        for (index, argument) in arguments.allValues("header").enumerated() {
            headers.append(try CommandLineHeader(parsing: argument, position: index + 1))
        }
        let plugin = try APIPlugin(
            transport: try transport(arguments.value("transport")), authTokenProviders: tokenProviders(),
            realtimeConfiguration: realtimeConfiguration)
        let apiNames: [String]
        switch (arguments.value("config"), endpoint ?? arguments.value("endpoint")) {
        case (.some, .some):
            throw UsageError("--config and --endpoint cannot be used together (the file names the endpoint)")
        case (.none, .none):
            throw UsageError("give --config FILE or --endpoint URL")
        case (let path?, .none):
            for option in ["api-key", "protocol"] where arguments.value(option) != nil {
                throw UsageError("--\(option) goes with --endpoint; with --config the file sets it")
            }
            let url = URL(fileURLWithPath: path)
            // Read here rather than by `SwitchboardConfiguration.load`, so that a failure says why.
            let configuration = try SwitchboardConfiguration(
                data: try FileAccess.read(path), source: url.lastPathComponent)
            try plugin.configure(using: configuration)
            apiNames = try configuration.apiCategory(pluginKey: plugin.key)?.endpoints.keys.sorted() ?? []
        case (.none, let endpoint?):
            if arguments.value("api") != nil {
                throw UsageError("--api chooses an API of a --config file; --endpoint configures one API")
            }
            try plugin.configure(
                APICategoryConfiguration(endpoints: [try endpointConfiguration(endpoint, arguments)]))
            apiNames = [endpointAPIName]
        }
        if !headers.isEmpty {
            for name in apiNames { try plugin.add(interceptor: HeaderInterceptor(headers: headers), for: name) }
        }
        return plugin
    }

    /// `--transport` (`query` only): `switchboard` (``HTTPClientTransport``) or `urlsession`; the platform's
    /// default when absent.
    private static func transport(_ name: String?) throws -> any HTTPTransport {
        switch name {
        case nil: APIPlugin.defaultTransport()
        case "switchboard": HTTPClientTransport()
        case "urlsession": URLSessionTransport()
        case let name?: throw UsageError("--transport must be switchboard or urlsession, not \"\(name)\"")
        }
    }

    /// The single API of `--endpoint URL`: authorization `NONE`, or `API_KEY` with `--api-key`.
    private static func endpointConfiguration(_ text: String, _ arguments: ParsedArguments) throws
        -> APIEndpointConfiguration
    {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw UsageError("--endpoint must be an absolute http or https URL, e.g. http://127.0.0.1:4000/graphql")
        }
        let apiKey = arguments.value("api-key")
        if let apiKey, apiKey.isEmpty { throw UsageError("--api-key must not be empty") }
        var subscriptionProtocol = SubscriptionProtocol.appSync
        if let name = arguments.value("protocol") {
            guard let chosen = SubscriptionProtocol(rawValue: name) else {
                let allowed = SubscriptionProtocol.allCases.map(\.rawValue).joined(separator: " or ")
                throw UsageError("--protocol must be \(allowed), not \"\(name)\"")
            }
            subscriptionProtocol = chosen
        }
        return try APIEndpointConfiguration(
            name: endpointAPIName, endpoint: url, authorizationType: apiKey == nil ? .none : .apiKey, apiKey: apiKey,
            subscriptionProtocol: subscriptionProtocol)
    }

    /// `SWITCHBOARD_AUTH_TOKEN` for every token-based authorization type (Cognito, OIDC, Lambda).
    private static func tokenProviders() -> [AuthorizationType: any AuthTokenProvider] {
        guard let token = ProcessInfo.processInfo.environment["SWITCHBOARD_AUTH_TOKEN"], !token.isEmpty else {
            return [:]
        }
        var providers: [AuthorizationType: any AuthTokenProvider] = [:]
        for type in AuthorizationType.allCases where type.usesTokenProvider {
            providers[type] = StaticToken(token: token)
        }
        return providers
    }

    private struct StaticToken: AuthTokenProvider {
        let token: String
        func latestToken() async throws -> String { token }
    }
}
