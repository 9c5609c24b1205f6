/// Every API of the `api` category and the rules for choosing one.
public struct APICategoryConfiguration: Sendable, Hashable {
    /// The name Gen 2 (`amplify_outputs.json`) gives its single GraphQL API.
    package static let gen2APIName = "defaultGraphQLAPI"

    /// The APIs by name.
    public let endpoints: [String: APIEndpointConfiguration]

    /// Creates a configuration from endpoints built in code.
    public init(endpoints: [APIEndpointConfiguration]) {
        self.endpoints = Dictionary(endpoints.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Reads the plugin section `api.plugins.awsAPIPlugin` (one entry per API name).
    package init(pluginNode node: ConfigurationNode) throws(ConfigurationError) {
        var endpoints: [String: APIEndpointConfiguration] = [:]
        for (name, entry) in try node.members() {
            endpoints[name] = try APIEndpointConfiguration(name: name, node: entry)
        }
        if endpoints.isEmpty {
            throw ConfigurationError(path: node.path, problem: .inconsistent("no API is configured"))
        }
        self.endpoints = endpoints
    }

    /// The GraphQL API a request goes to: the named one, or the only GraphQL API when no name is
    /// given. Errors explain how to fix the call or the file.
    package func graphQLEndpoint(named name: String?) throws(APISelectionError) -> APIEndpointConfiguration {
        try endpoint(named: name, type: .graphQL)
    }

    /// The API of `type` a request goes to: the named one, or the only API of that type when no
    /// name is given.
    package func endpoint(named name: String?, type: APIEndpointType) throws(APISelectionError)
        -> APIEndpointConfiguration
    {
        if let name {
            guard let endpoint = endpoints[name] else {
                throw .unknownAPI(name: name, configured: endpoints.keys.sorted())
            }
            guard endpoint.endpointType == type else { throw .wrongType(name: name, expected: type) }
            return endpoint
        }
        let candidates = endpoints.values.filter { $0.endpointType == type }
        switch candidates.count {
        case 0: throw .noAPI(type)
        case 1: return candidates[0]
        default: throw .ambiguous(type, candidates: candidates.map(\.name).sorted())
        }
    }
}

/// Why no API could be chosen for a request.
package enum APISelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request names an API that is not configured.
    case unknownAPI(name: String, configured: [String])
    /// The request names an API of the other type (a REST API for a GraphQL request, or the reverse).
    case wrongType(name: String, expected: APIEndpointType)
    /// No API of the type is configured.
    case noAPI(APIEndpointType)
    /// Several APIs of the type are configured and the request names none.
    case ambiguous(APIEndpointType, candidates: [String])

    /// What happened and how to fix it.
    package var description: String {
        switch self {
        case .unknownAPI(let name, let configured):
            return "no API named \"\(name)\" is configured (configured: \(configured.joined(separator: ", ")))"
        case .wrongType(let name, let expected):
            let actual: APIEndpointType = expected == .graphQL ? .rest : .graphQL
            return "the API \"\(name)\" is a \(actual.rawValue) API; \(expected.rawValue) requests need an API with "
                + "endpointType \(expected.rawValue)"
        case .noAPI(let type):
            return "no \(type.rawValue) API is configured; add one with endpointType \(type.rawValue) under "
                + "api.plugins.awsAPIPlugin"
        case .ambiguous(let type, let candidates):
            return "several \(type.rawValue) APIs are configured (\(candidates.joined(separator: ", "))); "
                + "set apiName on the request to choose one"
        }
    }
}
