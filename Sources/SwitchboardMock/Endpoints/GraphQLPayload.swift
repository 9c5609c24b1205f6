import Foundation
import Switchboard
import SwitchboardCore
import SwitchboardNet

/// The `query`, `operationName` and `variables` of a GraphQL-over-HTTP request.
package struct GraphQLPayload: Sendable, Equatable {
    /// The document text.
    package var query: String
    /// The operation to run, when the client named one.
    package var operationName: String?
    /// The variables object (empty when absent).
    package var variables: [String: JSONValue]

    /// Creates a payload.
    package init(query: String, operationName: String? = nil, variables: [String: JSONValue] = [:]) {
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
        return readJSON(request.body)
    }

    /// Reads a JSON body from a tape: only `variables` becomes a tree, and the body is not copied
    /// into `Data` first (a mock answering thousands of requests a second spends its time here).
    private static func readJSON(_ body: [UInt8]) -> Result<GraphQLPayload, GraphQLPayloadError> {
        let notAnObject = GraphQLPayloadError("the body is not a JSON object with a query")
        guard let tape = try? body.withUnsafeBytes({ bytes throws(JSONScanner.Failure) in try JSONTape(bytes) }) else {
            return .failure(notAnObject)
        }
        return withExtendedLifetime(tape) {
            let view = tape.view
            guard view.tokens[0].kind == .object else { return .failure(notAnObject) }
            // A repeated member counts once, the last one, as in a parsed `JSONValue`.
            var query: Int?
            var operationName: Int?
            var variablesValue: Int?
            var key = 1
            for _ in 0..<view.tokens[0].count {
                let value = key + 1
                if view.key(key, equals: "query") {
                    query = value
                } else if view.key(key, equals: "operationName") {
                    operationName = value
                } else if view.key(key, equals: "variables") {
                    variablesValue = value
                }
                key = view.next(after: value)
            }
            guard let query, view.tokens[query].kind == .string else {
                return .failure(GraphQLPayloadError("the JSON body has no string \"query\""))
            }
            var variables: [String: JSONValue] = [:]
            if let variablesValue {
                switch view.tokens[variablesValue].kind {
                case .object:
                    do throws(JSONScanner.Failure) {
                        // An object token always builds an object.
                        if case .object(let members) = try view.jsonValue(variablesValue) { variables = members }
                    } catch {
                        return .failure(GraphQLPayloadError("\"variables\" cannot be read: \(error.reason)"))
                    }
                case .null: break
                default: return .failure(GraphQLPayloadError("\"variables\" is not a JSON object"))
                }
            }
            return .success(
                GraphQLPayload(
                    query: view.string(query),
                    operationName: operationName.flatMap { view.tokens[$0].kind == .string ? view.string($0) : nil },
                    variables: variables))
        }
    }
}

/// Why a request could not be read as GraphQL.
package struct GraphQLPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is missing or malformed.
    package let reason: String
    init(_ reason: String) { self.reason = reason }
    /// The reason.
    package var description: String { reason }
}
