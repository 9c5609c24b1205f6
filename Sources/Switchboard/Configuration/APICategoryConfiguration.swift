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
        if let name {
            guard let endpoint = endpoints[name] else {
                throw .unknownAPI(name: name, configured: endpoints.keys.sorted())
            }
            guard endpoint.endpointType == .graphQL else { throw .notGraphQL(name: name) }
            return endpoint
        }
        let graphQL = endpoints.values.filter { $0.endpointType == .graphQL }
        switch graphQL.count {
        case 0: throw .noGraphQLAPI
        case 1: return graphQL[0]
        default: throw .ambiguous(candidates: graphQL.map(\.name).sorted())
        }
    }
}

/// Why no GraphQL API could be chosen for a request.
package enum APISelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request names an API that is not configured.
    case unknownAPI(name: String, configured: [String])
    /// The request names a REST API.
    case notGraphQL(name: String)
    /// No GraphQL API is configured.
    case noGraphQLAPI
    /// Several GraphQL APIs are configured and the request names none.
    case ambiguous(candidates: [String])

    /// What happened and how to fix it.
    package var description: String {
        switch self {
        case .unknownAPI(let name, let configured):
            "no API named \"\(name)\" is configured (configured: \(configured.joined(separator: ", ")))"
        case .notGraphQL(let name):
            "the API \"\(name)\" is a REST API; GraphQL requests need an API with endpointType GraphQL"
        case .noGraphQLAPI:
            "no GraphQL API is configured; add one with endpointType GraphQL under api.plugins.awsAPIPlugin"
        case .ambiguous(let candidates):
            "several GraphQL APIs are configured (\(candidates.joined(separator: ", "))); "
                + "set apiName on the request to choose one"
        }
    }
}
