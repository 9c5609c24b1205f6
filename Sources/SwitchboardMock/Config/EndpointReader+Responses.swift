import Foundation

extension EndpointReader {
    /// The endpoint's response, written inside the endpoint or beside it (not both); none is an
    /// empty `200`.
    func response(inside: ConfigNode?, beside: ConfigNode?) throws(MockConfigurationError) -> MockResponse {
        if let inside, let beside {
            throw beside.error(
                "the response is given twice, here and at \(inside.path) (\(inside.node.mark)); keep one")
        }
        guard let node = inside ?? beside else { return MockResponse() }
        return try response(node)
    }

    /// `status`, `headers`, `delay` and `body`.
    func response(_ node: ConfigNode) throws(MockConfigurationError) -> MockResponse {
        var response = MockResponse()
        for (key, child) in try node.members(allowed: ["status", "headers", "delay", "body"]) {
            switch key {
            case "status": response.status = try child.integer(in: 100...599)
            case "delay": response.delay = try child.duration()
            case "headers":
                for (name, value) in try headerPairs(child) where response.headers[name] == nil {
                    response.headers[name] = value
                }
            default: response.body = try body(child)
            }
        }
        return response
    }

    /// The headers a request must carry (`"*"`: any value).
    func requiredHeaders(_ node: ConfigNode) throws(MockConfigurationError) -> RequiredHeaders {
        RequiredHeaders(Dictionary(try headerPairs(node), uniquingKeysWith: { _, last in last }))
    }

    /// A mapping of header names to values; `~` (null) means no headers.
    func headerPairs(_ node: ConfigNode) throws(MockConfigurationError) -> [(String, String)] {
        if case .scalar = node.node, node.node.jsonValue == .null { return [] }
        guard case .mapping(let members, _) = node.node else {
            throw node.error("expected a mapping of header names to values, or ~ for none")
        }
        var pairs: [(String, String)] = []
        for member in members {
            guard case .scalar(let value, _, _) = member.value else {
                throw ConfigNode(node: member.value, path: "\(node.path).\(member.key)", file: node.file).error(
                    "expected a header value")
            }
            pairs.append((member.key, value))
        }
        return pairs
    }

    /// Exactly one of `json` (the body as written), `text`, `template` or `file`, and an optional
    /// `contentType` for templates.
    func body(_ node: ConfigNode) throws(MockConfigurationError) -> MockBody {
        let members = try node.members(allowed: ["json", "text", "file", "template", "contentType"])
        let kinds = members.filter { $0.0 != "contentType" }
        guard kinds.count == 1, let (kind, value) = kinds.first else {
            throw node.error("a body has exactly one of json, text, file or template")
        }
        let contentType = try members.first { $0.0 == "contentType" }?.1.string()
        switch kind {
        case "json": return .json(value.node.jsonValue)
        case "text": return .text(try value.string())
        case "template": return .template(try value.string(), contentType: contentType ?? "application/json")
        default:
            let path = try value.string()
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseDirectory.appendingPathComponent(path)
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw value.error("the file \(url.path) does not exist or cannot be read")
            }
            return .file(url.path)
        }
    }
}
