import Foundation

/// Turns the nodes of one configuration file into endpoints, following its includes.
///
/// The shapes, from the root down:
/// - the root is empty, one endpoint item (a mapping), or a list whose items are endpoint items
///   or paths of files to include;
/// - an endpoint item has `graphQL`, `http` and/or `subscription`, each one endpoint mapping or a
///   list of them (today's sectioned files are one such item), and may have a `response` beside a
///   single `graphQL` or `http` mapping.
struct EndpointReader {
    let file: ConfigFile

    /// Relative `file:` bodies resolve against the directory of the file being read.
    var baseDirectory: URL { file.directory }

    /// The endpoints of `text`, the contents of ``file``, in order.
    func endpoints(in text: String) throws(MockConfigurationError) -> [any MockEndpoint] {
        let root: YAMLNode
        do {
            root = try YAMLParser.parse(text, file: file.name)
        } catch {
            throw MockConfigurationError(file: file.name, mark: error.mark, path: "", message: error.message)
        }
        let node = ConfigNode(node: root, path: "", file: file.name)
        switch root {
        case .scalar("", false, _):
            return []
        case .mapping:
            return try item(node)
        case .sequence:
            var endpoints: [any MockEndpoint] = []
            for element in try node.elements() {
                switch element.node {
                case .scalar where element.node.jsonValue != .null: endpoints += try include(element)
                case .mapping: endpoints += try item(element)
                case .scalar, .sequence:
                    throw element.error("expected an endpoint mapping or the path of a file to include")
                }
            }
            return endpoints
        case .scalar:
            throw node.error(
                "expected an endpoint (a mapping with graphQL, http or subscription) or a list of endpoints")
        }
    }

    /// The endpoints of an included file; errors found in it say where it was included from.
    private func include(_ node: ConfigNode) throws(MockConfigurationError) -> [any MockEndpoint] {
        let (child, text) = try file.include(node)
        do {
            return try EndpointReader(file: child).endpoints(in: text)
        } catch  where error.file == child.name {
            var annotated = error
            annotated.message += child.inclusionNote
            throw annotated
        }
    }

    /// The endpoints of one item: `graphQL`, `http` and `subscription` members, each a mapping or a
    /// list of mappings, and a `response` beside a single `graphQL` or `http` mapping.
    private func item(_ node: ConfigNode) throws(MockConfigurationError) -> [any MockEndpoint] {
        let members = try node.members(allowed: ["graphQL", "http", "subscription", "response"])
        let beside = members.first { $0.0 == "response" }?.1
        let kinds = members.filter { $0.0 != "response" }
        guard !kinds.isEmpty else { throw node.error("an endpoint needs graphQL, http or subscription") }
        if let beside, kinds.count > 1 {
            throw beside.error(
                "a response beside the endpoint belongs to a single graphQL or http endpoint, but this item has "
                    + kinds.map(\.0).joined(separator: " and "))
        }
        var endpoints: [any MockEndpoint] = []
        for (kind, child) in kinds {
            switch child.node {
            case .sequence:
                if let beside {
                    throw beside.error("\(kind) is a list of endpoints here: give each its own response inside it")
                }
                for element in try child.elements() { endpoints.append(try endpoint(kind, element, beside: nil)) }
            case .mapping:
                endpoints.append(try endpoint(kind, child, beside: beside))
            case .scalar:
                throw child.error("expected an endpoint mapping or a list of endpoints")
            }
        }
        return endpoints
    }

    private func endpoint(_ kind: String, _ node: ConfigNode, beside: ConfigNode?) throws(MockConfigurationError)
        -> any MockEndpoint
    {
        switch kind {
        case "graphQL": return try graphQLEndpoint(node, responseBeside: beside)
        case "http": return try httpEndpoint(node, responseBeside: beside)
        default:
            if let beside { throw beside.error("a subscription endpoint answers with its events, not a response") }
            return try subscriptionEndpoint(node)
        }
    }
}
