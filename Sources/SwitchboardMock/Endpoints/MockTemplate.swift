import Foundation
import Switchboard
import SwitchboardNet

/// The request values placeholders can refer to.
public struct MockTemplateContext: Sendable, Equatable {
    /// GraphQL variables (empty for REST requests).
    public var variables: [String: JSONValue]
    /// Path parameters captured by `:name` segments.
    public var pathParameters: [String: String]
    /// Request headers (names lower-cased).
    public var headers: [String: String] {
        get { headersSet ?? source.map(Self.headers(of:)) ?? [:] }
        set { headersSet = newValue }
    }
    /// Query-string parameters.
    public var queryParameters: [String: String] {
        get { queryParametersSet ?? source.map(Self.queryParameters(of:)) ?? [:] }
        set { queryParametersSet = newValue }
    }
    /// The GraphQL operation name, when given.
    public var operationName: String?

    /// The request that ``headers`` and ``queryParameters`` are read from when a template asks for
    /// them. Most responses have no placeholder, and building both dictionaries for every request
    /// was a few percent of the mock's CPU.
    private let source: HTTPRequest?
    private var headersSet: [String: String]?
    private var queryParametersSet: [String: String]?

    /// The context of `request` with the given path parameters.
    public init(request: MockRequest, pathParameters: [String: String] = [:]) {
        let payload = try? request.graphQL.get()
        variables = payload?.variables ?? [:]
        operationName = payload?.operationName
        self.pathParameters = pathParameters
        source = request.http
    }

    private static func headers(of request: HTTPRequest) -> [String: String] {
        Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    private static func queryParameters(of request: HTTPRequest) -> [String: String] {
        Dictionary(request.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// Contexts are equal when every value a placeholder can name is.
    public static func == (lhs: MockTemplateContext, rhs: MockTemplateContext) -> Bool {
        lhs.variables == rhs.variables && lhs.pathParameters == rhs.pathParameters && lhs.headers == rhs.headers
            && lhs.queryParameters == rhs.queryParameters && lhs.operationName == rhs.operationName
    }

    /// The value a placeholder path such as `variables.input.id` names.
    func value(at path: String) throws(MockTemplateError) -> JSONValue {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        let head = parts[0]
        let rest = parts.count > 1 ? parts[1] : nil
        let found: JSONValue?
        switch head {
        case "variables":
            found = rest.map { JSONValue.object(variables).value(at: $0) } ?? .object(variables)
        case "params": found = rest.flatMap { pathParameters[$0] }.map(JSONValue.string)
        case "headers": found = rest.flatMap { headers[$0.lowercased()] }.map(JSONValue.string)
        case "query": found = rest.flatMap { queryParameters[$0] }.map(JSONValue.string)
        case "operationName": found = operationName.map(JSONValue.string)
        default:
            throw MockTemplateError(
                "unknown placeholder {{\(path)}}; use variables., params., headers., query. or operationName")
        }
        guard let found else { throw MockTemplateError("the request has no value for {{\(path)}}") }
        return found
    }
}

/// A placeholder that cannot be filled.
package struct MockTemplateError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package let description: String
    init(_ description: String) { self.description = description }
}

/// `{{path}}` substitution in text and in JSON strings.
enum MockTemplate {
    /// Fills the placeholders of `text`, escaping each value as `escaping` says (by default not at
    /// all: the result is a value that is serialized later).
    static func render(_ text: String, in context: MockTemplateContext, escaping: MockTemplateEscaping = .none)
        throws(MockTemplateError) -> String
    {
        var output = ""
        var rest = Substring(text)
        var literal = JSONStringTracker()
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            output += before
            literal.scan(before)
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw MockTemplateError(
                    "unclosed placeholder in template near \"\(rest[open.lowerBound...].prefix(30))\"")
            }
            let path = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            output += escaping.text(for: try context.value(at: path), insideString: literal.isInsideString)
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// Follows a JSON template's literal text to know whether a placeholder sits inside a string.
    private struct JSONStringTracker {
        private(set) var isInsideString = false
        private var escapeNext = false

        mutating func scan(_ text: Substring) {
            for byte in text.utf8 {
                if escapeNext {
                    escapeNext = false
                } else if isInsideString && byte == UInt8(ascii: "\\") {
                    escapeNext = true
                } else if byte == UInt8(ascii: "\"") {
                    isInsideString.toggle()
                }
            }
        }
    }

    static func render(json: JSONValue, in context: MockTemplateContext) throws(MockTemplateError) -> JSONValue {
        switch json {
        case .string(let text) where hasPlaceholder(text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.dropFirst(2).range(of: "{{") == nil {
                return try context.value(at: trimmed.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces))
            }
            return .string(try render(text, in: context))
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try render(json: item, in: context)) }
            return .array(rendered)
        case .object(let members):
            var rendered: [String: JSONValue] = [:]
            for (key, value) in members { rendered[key] = try render(json: value, in: context) }
            return .object(rendered)
        default:
            return json
        }
    }

    /// Whether any string in `json` holds a placeholder (`{{`).
    static func containsPlaceholder(_ json: JSONValue) -> Bool {
        switch json {
        case .string(let text): hasPlaceholder(text)
        case .array(let items): items.contains(where: containsPlaceholder)
        case .object(let members): members.values.contains(where: containsPlaceholder)
        default: false
        }
    }

    /// Whether `text` contains `{{`, by bytes (Foundation's `contains` is a locale-aware search).
    private static func hasPlaceholder(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "{") && previous == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }
}
