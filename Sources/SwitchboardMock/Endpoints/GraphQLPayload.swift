import Foundation
import Switchboard
import SwitchboardNet

/// The `query`, `operationName` and `variables` of a GraphQL-over-HTTP request.
public struct GraphQLPayload: Sendable, Equatable {
    /// The document text.
    public var query: String
    /// The operation to run, when the client named one.
    public var operationName: String?
    /// The variables object (empty when absent).
    public var variables: [String: JSONValue]

    /// Creates a payload.
    public init(query: String, operationName: String? = nil, variables: [String: JSONValue] = [:]) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }

    /// Reads GET parameters, an `application/json` body or an `application/graphql` body.
    static func read(from request: HTTPRequest) -> Result<GraphQLPayload, GraphQLPayloadError> {
        if request.method == "GET" {
            guard let query = request.queryItem("query") else {
                return .failure(GraphQLPayloadError("a GraphQL GET request needs a query parameter"))
            }
            var variables: [String: JSONValue] = [:]
            if let text = request.queryItem("variables"), !text.isEmpty {
                guard case .object(let members)? = try? JSONValue(parsing: Data(text.utf8)) else {
                    return .failure(GraphQLPayloadError("the variables parameter is not a JSON object"))
                }
                variables = members
            }
            return .success(
                GraphQLPayload(query: query, operationName: request.queryItem("operationName"), variables: variables))
        }
        let contentType = request.headers["Content-Type"]?.lowercased() ?? "application/json"
        if contentType.hasPrefix("application/graphql") {
            return .success(GraphQLPayload(query: request.bodyText))
        }
        guard let body = try? JSONValue(parsing: Data(request.body)), case .object(let members) = body else {
            return .failure(GraphQLPayloadError("the body is not a JSON object with a query"))
        }
        guard case .string(let query)? = members["query"] else {
            return .failure(GraphQLPayloadError("the JSON body has no string \"query\""))
        }
        var variables: [String: JSONValue] = [:]
        switch members["variables"] {
        case .object(let object)?: variables = object
        case nil, .null?: break
        default: return .failure(GraphQLPayloadError("\"variables\" is not a JSON object"))
        }
        return .success(
            GraphQLPayload(query: query, operationName: members["operationName"]?.stringValue, variables: variables))
    }
}

/// Why a request could not be read as GraphQL.
public struct GraphQLPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is missing or malformed.
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}
