import GraphQLLanguage

extension EndpointReader {
    /// A `graphQL:` mapping: `method`, `operations` (or `operation`, or `query`), `headers` and
    /// `response` (or the `response` beside it).
    func graphQLEndpoint(_ node: ConfigNode, responseBeside beside: ConfigNode? = nil)
        throws(MockConfigurationError) -> GraphQLEndpoint
    {
        var method = HTTPMethod.POST
        var selector: (key: String, value: GraphQLEndpoint.Selector)?
        var inside: ConfigNode?
        var required: RequiredHeaders = [:]
        let allowed: Set = ["method", "operations", "operation", "query", "headers", "response"]
        for (key, child) in try node.members(allowed: allowed) {
            switch key {
            case "method": method = try self.method(child, allowed: [.GET, .POST])
            case "headers": required = try requiredHeaders(child)
            case "response": inside = child
            default:
                if let selector {
                    throw child.error("use one of operations, operation or query, not both \(selector.key) and \(key)")
                }
                selector = (key, try self.selector(key, child))
            }
        }
        guard let selector else { throw node.error("a GraphQL endpoint needs operations or query") }
        let response = try self.response(inside: inside, beside: beside)
        return GraphQLEndpoint(method, selector.value, requiredHeaders: required.values, response: response)
    }

    /// An `http:` mapping: `api` (`get /path`) or `method` and `path`, `headers` and `response`
    /// (or the `response` beside it).
    func httpEndpoint(_ node: ConfigNode, responseBeside beside: ConfigNode? = nil)
        throws(MockConfigurationError) -> HTTPEndpoint
    {
        var method: HTTPMethod?
        var path: String?
        var api: ConfigNode?
        var inside: ConfigNode?
        var required: RequiredHeaders = [:]
        for (key, child) in try node.members(allowed: ["api", "method", "path", "headers", "response"]) {
            switch key {
            case "api": api = child
            case "method": method = try self.method(child, allowed: HTTPMethod.allCases)
            case "headers": required = try requiredHeaders(child)
            case "response": inside = child
            default: path = try self.path(child, text: try child.string())
            }
        }
        if let api {
            guard method == nil, path == nil else {
                throw api.error("use either api (\"get /path\") or method and path, not both")
            }
            (method, path) = try self.api(api)
        }
        guard let path else { throw node.error("an http endpoint needs api (api: get /path) or a path (path: /path)") }
        let response = try self.response(inside: inside, beside: beside)
        return HTTPEndpoint(method ?? .GET, path, requiredHeaders: required.values, response: response)
    }

    /// `get /config/:id` (the method in any case, then the path) as a method and a path.
    private func api(_ node: ConfigNode) throws(MockConfigurationError) -> (HTTPMethod, String) {
        let parts = try node.string().split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count == 2 else {
            throw node.error("expected a method and a path, e.g. \"get /config\"")
        }
        return (try method(node, text: parts[0], allowed: HTTPMethod.allCases), try path(node, text: parts[1]))
    }

    private func path(_ node: ConfigNode, text: String) throws(MockConfigurationError) -> String {
        guard text.hasPrefix("/") else { throw node.error("a path starts with /") }
        return text
    }

    func method(_ node: ConfigNode, allowed: [HTTPMethod]) throws(MockConfigurationError) -> HTTPMethod {
        try method(node, text: try node.string(), allowed: allowed)
    }

    private func method(_ node: ConfigNode, text: String, allowed: [HTTPMethod]) throws(MockConfigurationError)
        -> HTTPMethod
    {
        guard let method = HTTPMethod(rawValue: text.uppercased()), allowed.contains(method) else {
            throw node.error(
                "unknown method \"\(text)\" (expected one of \(allowed.map(\.rawValue).joined(separator: ", ")))")
        }
        return method
    }

    /// A `query:` document, or the names of `operations:` / `operation:` (one or a list).
    func selector(_ key: String, _ node: ConfigNode) throws(MockConfigurationError) -> GraphQLEndpoint.Selector {
        if key == "query" {
            let text = try node.string()
            do {
                _ = try Parser.parse(text)
            } catch {
                throw node.error("the query selector does not parse: \(error)")
            }
            return .query(text)
        }
        let names = try node.strings()
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
            throw node.error("list at least one operation name")
        }
        return .operations(names)
    }
}
