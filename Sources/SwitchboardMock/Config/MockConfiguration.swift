import Foundation
import GraphQLLanguage
import Switchboard
import SwitchboardNet

/// Loads mock endpoints from YAML or JSON files:
///
/// ```yaml
/// graphQL:
///   - method: POST                  # default POST
///     operations: [getTodo]         # or: query: "query { getTodo { id } }"
///     headers: {x-api-key: "*"}      # request headers required ("*": any value)
///     response:
///       status: 200
///       headers: {X-Mock: yes}
///       delay: 250ms
///       body:
///         json: {data: {getTodo: {id: "{{variables.id}}"}}}   # or text:, file:, template:
/// http:
///   - method: GET
///     path: /config/:id
///     response: {body: {json: {id: "{{params.id}}"}}}
/// subscription:
///   - operations: [onCreateTodo]
///     emitsOn: [createTodo]          # forward these mutations' results
///     events:                         # scripted, sent to each new subscription
///       - data: {onCreateTodo: {id: "1"}}
///         delay: 100ms
///       - errors: [{message: "boom"}]
///       - complete: true
/// ```
public enum MockConfiguration {
    /// Loads one file, or every `.yaml`, `.yml` and `.json` file of a directory in name order.
    public static func load(from url: URL) throws(MockConfigurationError) -> [any MockEndpoint] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw MockConfigurationError(file: url.path, mark: nil, path: "", message: "no such file or directory")
        }
        guard isDirectory.boolValue else { return try loadFile(url) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var endpoints: [any MockEndpoint] = []
        for name in names.sorted() where [".yaml", ".yml", ".json"].contains(where: name.hasSuffix) {
            endpoints += try loadFile(url.appendingPathComponent(name))
        }
        return endpoints
    }

    private static func loadFile(_ url: URL) throws(MockConfigurationError) -> [any MockEndpoint] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw MockConfigurationError(file: url.path, mark: nil, path: "", message: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MockConfigurationError(file: url.path, mark: nil, path: "", message: "is not UTF-8 text")
        }
        return try parse(text, file: url.lastPathComponent, baseDirectory: url.deletingLastPathComponent())
    }

    /// Parses configuration text; `file` names it in errors and `baseDirectory` resolves `file:` bodies.
    public static func parse(_ text: String, file: String, baseDirectory: URL) throws(MockConfigurationError)
        -> [any MockEndpoint]
    {
        let root: YAMLNode
        do {
            root = try YAMLParser.parse(text, file: file)
        } catch {
            throw MockConfigurationError(file: file, mark: error.mark, path: "", message: error.message)
        }
        if case .scalar("", false, _) = root { return [] }
        let reader = EndpointReader(baseDirectory: baseDirectory)
        var endpoints: [any MockEndpoint] = []
        for (key, section) in try ConfigNode(node: root, path: "", file: file).members(allowed: [
            "graphQL", "http", "subscription",
        ]) {
            for item in try section.elements() {
                switch key {
                case "graphQL": endpoints.append(try reader.graphQLEndpoint(item))
                case "http": endpoints.append(try reader.httpEndpoint(item))
                default: endpoints.append(try reader.subscriptionEndpoint(item))
                }
            }
        }
        return endpoints
    }
}

/// Turns configuration nodes into endpoints.
struct EndpointReader {
    let baseDirectory: URL

    func graphQLEndpoint(_ node: ConfigNode) throws(MockConfigurationError) -> GraphQLEndpoint {
        var method = HTTPMethod.POST
        var selector: GraphQLEndpoint.Selector?
        var response = MockResponse()
        var required: [String: String] = [:]
        for (key, child) in try node.members(allowed: ["method", "operations", "query", "headers", "response"]) {
            switch key {
            case "method":
                method = try self.method(child, allowed: [.GET, .POST])
            case "headers":
                required = Dictionary(try headerPairs(child), uniquingKeysWith: { _, last in last })
            case "operations", "query":
                guard selector == nil else { throw child.error("use either operations or query, not both") }
                selector = try self.selector(key, child)
            default:
                response = try self.response(child)
            }
        }
        guard let selector else { throw node.error("a GraphQL endpoint needs operations or query") }
        return GraphQLEndpoint(method, selector, requiredHeaders: RequiredHeaders(required), response: response)
    }

    func httpEndpoint(_ node: ConfigNode) throws(MockConfigurationError) -> HTTPEndpoint {
        var method = HTTPMethod.GET
        var path: String?
        var response = MockResponse()
        var required: [String: String] = [:]
        for (key, child) in try node.members(allowed: ["method", "path", "headers", "response"]) {
            switch key {
            case "method": method = try self.method(child, allowed: HTTPMethod.allCases)
            case "headers": required = Dictionary(try headerPairs(child), uniquingKeysWith: { _, last in last })
            case "path":
                let value = try child.string()
                guard value.hasPrefix("/") else { throw child.error("a path starts with /") }
                path = value
            default: response = try self.response(child)
            }
        }
        guard let path else { throw node.error("an http endpoint needs a path") }
        return HTTPEndpoint(method, path, requiredHeaders: RequiredHeaders(required), response: response)
    }

    func method(_ node: ConfigNode, allowed: [HTTPMethod]) throws(MockConfigurationError) -> HTTPMethod {
        let text = try node.string()
        guard let method = HTTPMethod(rawValue: text.uppercased()), allowed.contains(method) else {
            throw node.error(
                "unknown method \"\(text)\" (expected one of \(allowed.map(\.rawValue).joined(separator: ", ")))")
        }
        return method
    }

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

    func response(_ node: ConfigNode) throws(MockConfigurationError) -> MockResponse {
        var response = MockResponse()
        for (key, child) in try node.members(allowed: ["status", "headers", "delay", "body"]) {
            switch key {
            case "status": response.status = try child.integer(in: 100...599)
            case "delay": response.delay = try child.duration()
            case "headers":
                for (name, value) in try headerPairs(child) {
                    response.headers.add(name: name, value: value)
                }
            default: response.body = try body(child)
            }
        }
        return response
    }

    func headerPairs(_ node: ConfigNode) throws(MockConfigurationError) -> [(String, String)] {
        guard case .mapping(let members, _) = node.node else {
            throw node.error("expected a mapping of header names to values")
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
