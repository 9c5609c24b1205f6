import Foundation

/// The kind of API an entry of the `api` category describes.
public enum APIEndpointType: String, Sendable, Hashable, CaseIterable {
    /// A GraphQL API (AppSync or any GraphQL-over-HTTP server).
    case graphQL = "GraphQL"
    /// A REST API (API Gateway).
    case rest = "REST"
}

/// One named API of the `api` category, as configured in `amplifyconfiguration.json`
/// (`api.plugins.awsAPIPlugin.<name>`) or `amplify_outputs.json` (`data`).
///
/// Its `description` never shows the API key.
public struct APIEndpointConfiguration: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The free-form name of the API (the key in the configuration file).
    public let name: String
    /// GraphQL or REST.
    public let endpointType: APIEndpointType
    /// The HTTP endpoint, e.g. `https://xyz.appsync-api.us-east-1.amazonaws.com/graphql`.
    public let endpoint: URL
    /// The AWS region; required when `AWS_IAM` is used.
    public let region: String?
    /// The default authorization type of requests to this API.
    public let authorizationType: AuthorizationType
    /// Further authorization types the API accepts (Gen 2 `authorization_types`); a request may
    /// also pick any type with `authMode`.
    public let additionalAuthorizationTypes: [AuthorizationType]
    /// The API key, required whenever `API_KEY` is used.
    public let apiKey: String?
    /// The real-time protocol for subscriptions: AppSync's by default, `graphql-transport-ws`
    /// when the entry says `"subscriptionProtocol": "graphql-transport-ws"` (falling back on the
    /// legacy protocol when the server chooses it), or only the legacy
    /// `subscriptions-transport-ws` protocol with `"graphql-ws"`.
    public let subscriptionProtocol: SubscriptionProtocol
    /// The SigV4 service name `AWS_IAM` signs with, when the entry names one (`"service"`). By
    /// default GraphQL APIs sign for `appsync` and REST APIs for `execute-api` (API Gateway); an
    /// API Gateway host (`*.execute-api.*`) always signs for `execute-api`.
    public let signingService: String?

    /// Creates an endpoint configuration in code, checking the same rules as the file parser.
    public init(
        name: String,
        endpointType: APIEndpointType = .graphQL,
        endpoint: URL,
        region: String? = nil,
        authorizationType: AuthorizationType,
        additionalAuthorizationTypes: [AuthorizationType] = [],
        apiKey: String? = nil,
        subscriptionProtocol: SubscriptionProtocol = .appSync,
        signingService: String? = nil
    ) throws(ConfigurationError) {
        let path = "api.plugins.awsAPIPlugin.\(name)"
        try Self.checkEndpoint(endpoint, path: "\(path).endpoint")
        if authorizationType == .apiKey && (apiKey ?? "").isEmpty {
            throw ConfigurationError(
                path: "\(path).apiKey",
                problem: .inconsistent("required because authorizationType is API_KEY")
            )
        }
        if authorizationType == .awsIAM && (region ?? "").isEmpty {
            throw ConfigurationError(
                path: "\(path).region",
                problem: .inconsistent("required because authorizationType is AWS_IAM")
            )
        }
        self.name = name
        self.endpointType = endpointType
        self.endpoint = endpoint
        self.region = region
        self.authorizationType = authorizationType
        self.additionalAuthorizationTypes = additionalAuthorizationTypes
        self.apiKey = apiKey
        self.subscriptionProtocol = subscriptionProtocol
        self.signingService = signingService
    }

    /// Reads `api.plugins.awsAPIPlugin.<name>`.
    package init(name: String, node: ConfigurationNode) throws(ConfigurationError) {
        let endpointType = try node.member("endpointType").enumeration(APIEndpointType.self)
        let endpointNode = try node.member("endpoint")
        let endpoint = try Self.parseURL(endpointNode)
        let authorizationType = try node.member("authorizationType").enumeration(AuthorizationType.self)
        let region = try node.optionalMember("region")?.string()
        let apiKey = try node.optionalMember("apiKey")?.string(secret: true)
        let subscriptionProtocol =
            try node.optionalMember("subscriptionProtocol")?.enumeration(SubscriptionProtocol.self) ?? .appSync
        let signingService = try node.optionalMember("service")?.string()
        if authorizationType == .apiKey && apiKey == nil {
            throw ConfigurationError(
                path: node.path(of: "apiKey"),
                problem: .inconsistent("required because authorizationType is API_KEY")
            )
        }
        if authorizationType == .awsIAM && region == nil {
            throw ConfigurationError(
                path: node.path(of: "region"),
                problem: .inconsistent("required because authorizationType is AWS_IAM")
            )
        }
        self.name = name
        self.endpointType = endpointType
        self.endpoint = endpoint
        self.region = region
        self.authorizationType = authorizationType
        self.additionalAuthorizationTypes = []
        self.apiKey = apiKey
        self.subscriptionProtocol = subscriptionProtocol
        self.signingService = signingService
    }

    /// Reads the `data` section of a Gen 2 `amplify_outputs.json` as the API `defaultGraphQLAPI`.
    package init(gen2Data node: ConfigurationNode) throws(ConfigurationError) {
        let endpoint = try Self.parseURL(try node.member("url"))
        let region = try node.optionalMember("aws_region")?.string()
        let defaultNode = try node.member("default_authorization_type")
        let authorizationType = try Self.gen2AuthorizationType(defaultNode)
        var additional: [AuthorizationType] = []
        if let types = try node.optionalMember("authorization_types") {
            for element in try types.elements() {
                let type = try Self.gen2AuthorizationType(element)
                if type != authorizationType && !additional.contains(type) { additional.append(type) }
            }
        }
        let apiKey = try node.optionalMember("api_key")?.string(secret: true)
        let usesAPIKey = authorizationType == .apiKey || additional.contains(.apiKey)
        if usesAPIKey && apiKey == nil {
            throw ConfigurationError(
                path: node.path(of: "api_key"),
                problem: .inconsistent("required because API_KEY is an authorization type")
            )
        }
        if (authorizationType == .awsIAM || additional.contains(.awsIAM)) && region == nil {
            throw ConfigurationError(
                path: node.path(of: "aws_region"),
                problem: .inconsistent("required because AWS_IAM is an authorization type")
            )
        }
        self.name = APICategoryConfiguration.gen2APIName
        self.endpointType = .graphQL
        self.endpoint = endpoint
        self.region = region
        self.authorizationType = authorizationType
        self.additionalAuthorizationTypes = additional
        self.apiKey = apiKey
        self.subscriptionProtocol = .appSync
        self.signingService = nil
    }

    /// Reads one REST API of a Gen 2 `amplify_outputs.json`, `custom.API.<name>`, as Amplify's
    /// documentation has the backend add it (`endpoint`, `region`, `apiName`); `authorization_type`
    /// (default `AWS_IAM`, as Amplify signs REST requests), `api_key` and `service` are optional.
    package init(gen2REST name: String, node: ConfigurationNode) throws(ConfigurationError) {
        let endpoint = try Self.parseURL(try node.member("endpoint"))
        let region = try node.optionalMember("region")?.string()
        let authorizationType =
            try node.optionalMember("authorization_type").map { (node) throws(ConfigurationError) in
                try Self.gen2AuthorizationType(node)
            } ?? .awsIAM
        let apiKey = try node.optionalMember("api_key")?.string(secret: true)
        if authorizationType == .apiKey && apiKey == nil {
            throw ConfigurationError(
                path: node.path(of: "api_key"), problem: .inconsistent("required because authorization_type is API_KEY")
            )
        }
        if authorizationType == .awsIAM && region == nil {
            throw ConfigurationError(
                path: node.path(of: "region"),
                problem: .inconsistent("required because REST APIs are signed with AWS_IAM"))
        }
        self.name = name
        self.endpointType = .rest
        self.endpoint = endpoint
        self.region = region
        self.authorizationType = authorizationType
        self.additionalAuthorizationTypes = []
        self.apiKey = apiKey
        self.subscriptionProtocol = .appSync
        self.signingService = try node.optionalMember("service")?.string()
    }

    /// Redacts the API key.
    public var description: String {
        var parts = [
            "name: \(name)", "type: \(endpointType.rawValue)", "endpoint: \(endpoint.absoluteString)",
            "authorizationType: \(authorizationType.rawValue)",
        ]
        if let region { parts.append("region: \(region)") }
        if let signingService { parts.append("service: \(signingService)") }
        if apiKey != nil { parts.append("apiKey: <redacted>") }
        return "APIEndpointConfiguration(\(parts.joined(separator: ", ")))"
    }

    /// Redacts the API key from `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "name": name, "endpointType": endpointType, "endpoint": endpoint, "region": region as Any,
                "authorizationType": authorizationType, "additionalAuthorizationTypes": additionalAuthorizationTypes,
                "apiKey": apiKey == nil ? "nil" : "<redacted>",
            ],
            displayStyle: .struct
        )
    }

    private static func gen2AuthorizationType(_ node: ConfigurationNode) throws(ConfigurationError) -> AuthorizationType
    {
        let type = try node.enumeration(AuthorizationType.self)
        if type == .none {
            // Gen 2 has no NONE: an API without auth is not expressible in amplify_outputs.json.
            let allowed = AuthorizationType.allCases.filter { $0 != .none }.map(\.rawValue)
            throw ConfigurationError(path: node.path, problem: .unknownValue("NONE", allowed: allowed))
        }
        return type
    }

    private static func parseURL(_ node: ConfigurationNode) throws(ConfigurationError) -> URL {
        let text = try node.string()
        guard let url = URL(string: text) else {
            throw ConfigurationError(path: node.path, problem: .invalidURL(text, reason: "not a URL"))
        }
        try checkEndpoint(url, text: text, path: node.path)
        return url
    }

    private static func checkEndpoint(_ url: URL, text: String? = nil, path: String) throws(ConfigurationError) {
        let text = text ?? url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw ConfigurationError(path: path, problem: .invalidURL(text, reason: "the scheme must be http or https"))
        }
        guard let host = url.host, !host.isEmpty else {
            throw ConfigurationError(path: path, problem: .invalidURL(text, reason: "it has no host"))
        }
    }
}
