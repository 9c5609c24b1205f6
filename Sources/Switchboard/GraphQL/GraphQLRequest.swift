import Foundation

/// A GraphQL operation to send: the document, its variables, the type to decode the result into
/// and where in `data` that result sits.
///
/// ```swift
/// let request = GraphQLRequest<Todo>(
///     document: "query GetTodo($id: ID!) { getTodo(id: $id) { id name } }",
///     variables: ["id": "42"],
///     responseType: Todo.self,
///     decodePath: "getTodo")
/// ```
public struct GraphQLRequest<R: Decodable & Sendable>: Sendable {
    /// The API to send to; `nil` picks the only configured GraphQL API.
    public var apiName: String?
    /// The GraphQL document (one or more operations and fragments).
    public var document: String
    /// The variables, sent as the `variables` object.
    public var variables: [String: JSONValue]?
    /// The type the result decodes into. `String` yields the raw JSON text at ``decodePath``,
    /// `JSONValue` the JSON value.
    public var responseType: R.Type
    /// Dot-separated path inside `data` of the value to decode (e.g. `listTodos.items`); `nil`
    /// decodes the whole `data` object.
    public var decodePath: String?
    /// Overrides the API's authorization type for this request only.
    public var authMode: AuthorizationType?
    /// The operation to run when the document holds several; omitted from the body when `nil`
    /// (as Amplify does).
    public var operationName: String?
    /// Headers, a time limit and a context for this request only.
    public var options = RequestOptions()
    /// Set when `Encodable` variables could not be converted; the operation fails with it before
    /// any network I/O instead of the initializer throwing.
    package private(set) var variablesError: APIError?

    /// Creates a request with JSON variables.
    public init(
        apiName: String? = nil,
        document: String,
        variables: [String: JSONValue]? = nil,
        responseType: R.Type,
        decodePath: String? = nil,
        authMode: AuthorizationType? = nil,
        operationName: String? = nil
    ) {
        self.apiName = apiName
        self.document = document
        self.variables = variables
        self.responseType = responseType
        self.decodePath = decodePath
        self.authMode = authMode
        self.operationName = operationName
        self.variablesError = nil
    }

    /// Creates a request with variables as Amplify writes them: `[String: Any]`, from a dictionary
    /// literal (`["input": ["name": name, "priority": 1]]`) or from `JSONSerialization`.
    ///
    /// A value that is not JSON (a `Date`, a non-`Encodable` object, NaN) fails the operation
    /// before any network I/O, with an ``APIError/operationError(_:_:_:)`` naming its key path.
    public init(
        apiName: String? = nil,
        document: String,
        variables: [String: Any]?,
        responseType: R.Type,
        decodePath: String? = nil,
        authMode: AuthorizationType? = nil,
        operationName: String? = nil
    ) {
        self.init(
            apiName: apiName, document: document, responseType: responseType, decodePath: decodePath,
            authMode: authMode, operationName: operationName,
            converting: variables.map { variables in { try JSONValue(jsonObject: variables) } },
            failure: { error in
                .operationError(
                    "The variables of the request cannot be sent: \(error)",
                    "Convert the value to a string, number, Boolean, array or dictionary first.", error)
            })
    }

    /// Creates a request whose variables come from any `Encodable` value that encodes to a JSON
    /// object — a generated `…Variables` struct, or a dictionary such as `["id": id]`.
    public init<Variables: Encodable>(
        apiName: String? = nil,
        document: String,
        variables: Variables,
        responseType: R.Type,
        decodePath: String? = nil,
        authMode: AuthorizationType? = nil,
        operationName: String? = nil
    ) {
        self.init(
            apiName: apiName, document: document, responseType: responseType, decodePath: decodePath,
            authMode: authMode, operationName: operationName,
            converting: { try JSONValue(encoding: variables) },
            failure: { error in
                .operationError(
                    "The variables of the request could not be encoded: \(error)",
                    "Check the Encodable conformance of \(Variables.self).", error)
            })
    }

    /// A request whose variables come from `convert` (none when `nil`). A conversion that throws,
    /// or that yields something other than an object, is kept as ``variablesError`` so that the
    /// operation fails before any I/O rather than the initializer throwing.
    private init(
        apiName: String?, document: String, responseType: R.Type, decodePath: String?,
        authMode: AuthorizationType?, operationName: String?, converting convert: (() throws -> JSONValue)?,
        failure: (any Error) -> APIError
    ) {
        self.init(
            apiName: apiName, document: document, variables: nil, responseType: responseType, decodePath: decodePath,
            authMode: authMode, operationName: operationName)
        guard let convert else { return }
        do {
            let value = try convert()
            guard case .object(let members) = value else {
                variablesError = .operationError(
                    "The variables of the request are a JSON \(value.kindDescription), not an object",
                    "Pass a struct or dictionary whose encoding is a JSON object of variable names."
                )
                return
            }
            variables = members
        } catch {
            variablesError = failure(error)
        }
    }
}

extension GraphQLRequest {
    /// Makes the operation fail with `error` before any network I/O: for a request built from
    /// something the server cannot take, found when the request is made.
    package mutating func fail(with error: APIError) {
        variablesError = error
    }

    /// The JSON body `{"query": …, "variables": …}` (plus `operationName` when set).
    package func encodedBody() throws(APIError) -> Data {
        if let variablesError { throw variablesError }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(document.utf8.count + 64)
        bytes.append(contentsOf: #"{"query":"#.utf8)
        JSONValue.appendQuoted(document, to: &bytes)
        if let variables {
            bytes.append(contentsOf: #","variables":"#.utf8)
            do {
                try JSONValue.object(variables).serialize(into: &bytes)
            } catch {
                throw .operationError(
                    "The variables cannot be sent as JSON: \(error)",
                    "Replace NaN or infinite numbers in the variables."
                )
            }
        }
        if let operationName {
            bytes.append(contentsOf: #","operationName":"#.utf8)
            JSONValue.appendQuoted(operationName, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return Data(bytes)
    }
}

/// The three kinds of GraphQL operation.
public enum GraphQLOperationType: String, Sendable, Hashable, CaseIterable {
    /// A read.
    case query
    /// A write.
    case mutation
    /// A stream of events.
    case subscription
}
