import Foundation
import Switchboard
import SwitchboardNet

/// What a mock endpoint answers: status, headers, a body and an optional delay.
///
/// String values in JSON bodies and whole template bodies may use placeholders filled from the
/// request: `{{variables.input.name}}`, `{{params.id}}`, `{{headers.x-api-key}}`, `{{query.page}}`,
/// `{{operationName}}`. A JSON string that is exactly one placeholder takes the value's JSON type.
/// Template values are escaped for the response's content type: JSON-escaped inside a JSON
/// string (and written as JSON outside one), entity-escaped in HTML and XML, as they are otherwise.
public struct MockResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Extra headers; `Content-Type` is set from the body kind unless given here (names compare
    /// case-insensitively).
    public var headers: [String: String]
    /// The body.
    public var body: MockBody {
        didSet { fixedJSON = Self.fixedJSON(of: body) }
    }
    /// How long to wait before answering (to test timeouts and loading states).
    public var delay: Duration
    /// A JSON body without placeholders, written once: most mocks answer with fixed JSON, which
    /// would otherwise be copied and serialized again for every request.
    private var fixedJSON: [UInt8]?

    /// Creates a response.
    public init(status: Int = 200, headers: [String: String] = [:], body: MockBody = .empty, delay: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fixedJSON = Self.fixedJSON(of: body)
    }

    private static func fixedJSON(of body: MockBody) -> [UInt8]? {
        guard case .json(let value) = body, !MockTemplate.containsPlaceholder(value) else { return nil }
        return Array(value.jsonText.utf8)
    }

    /// A JSON body.
    public static func json(_ value: JSONValue, status: Int = 200, delay: Duration = .zero) -> MockResponse {
        MockResponse(status: status, body: .json(value), delay: delay)
    }

    /// A text body.
    public static func text(_ text: String, status: Int = 200) -> MockResponse {
        MockResponse(status: status, body: .text(text))
    }

    /// `200 OK` with `body`: `.ok(body: .json(["featureFlag": true]))`.
    public static func ok(body: MockBody = .empty, headers: [String: String] = [:]) -> MockResponse {
        MockResponse(status: 200, headers: headers, body: body)
    }

    /// `201 Created` with `body`.
    public static func created(body: MockBody = .empty, headers: [String: String] = [:]) -> MockResponse {
        MockResponse(status: 201, headers: headers, body: body)
    }

    /// `404 Not Found` with `body`.
    public static func notFound(body: MockBody = .empty, headers: [String: String] = [:]) -> MockResponse {
        MockResponse(status: 404, headers: headers, body: body)
    }

    /// A GraphQL result: `data`, `errors`, or both.
    public static func graphQL(data: JSONValue? = nil, errors: [JSONValue]? = nil, delay: Duration = .zero)
        -> MockResponse
    {
        var object: [String: JSONValue] = [:]
        if let data { object["data"] = data }
        if let errors { object["errors"] = .array(errors) }
        return .json(.object(object), delay: delay)
    }

    /// Renders the response for a matched request; template or file problems become a 500 that says what is wrong.
    func render(in context: MockTemplateContext) -> HTTPResponse {
        var headers = HTTPHeaders(self.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let bytes: [UInt8]
        let contentType: String?
        do {
            switch body {
            case .empty:
                bytes = []
                contentType = nil
            case .json(let value):
                bytes = try fixedJSON ?? Array(MockTemplate.render(json: value, in: context).jsonText.utf8)
                contentType = "application/json"
            case .text(let text):
                bytes = Array(text.utf8)
                contentType = "text/plain; charset=utf-8"
            case .template(let text, let type):
                let escaping = MockTemplateEscaping(contentType: headers["Content-Type"] ?? type)
                bytes = Array(try MockTemplate.render(text, in: context, escaping: escaping).utf8)
                contentType = type
            case .file(let path):
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw MockTemplateError("the response file \(path) cannot be read")
                }
                bytes = Array(data)
                contentType = path.hasSuffix(".json") ? "application/json" : "application/octet-stream"
            }
        } catch {
            return .text("mock response error: \(error)\n", status: 500)
        }
        if let contentType, !headers.contains("Content-Type") { headers.add(name: "Content-Type", value: contentType) }
        return HTTPResponse(status: status, headers: headers, body: bytes)
    }
}

/// The body of a ``MockResponse``.
public enum MockBody: Sendable {
    /// No body.
    case empty
    /// JSON, with placeholders rendered in its strings.
    case json(JSONValue)
    /// Text sent as is.
    case text(String)
    /// A text template with placeholders, sent with the given content type.
    case template(String, contentType: String = "application/json")
    /// The contents of a file, read when the request arrives.
    case file(String)
}
