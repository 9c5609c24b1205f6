import Foundation
import GraphQLLanguage
import SwitchboardAPI

/// `switchboard codegen schema --introspect URL`: asks a running server for its schema with the
/// standard introspection query and writes it as SDL, or as the introspection JSON when the output
/// file ends in `.json` (both are schemas `codegen operations` and the build plugin read).
enum SchemaIntrospection {
    /// The introspection query of graphql-js's `getIntrospectionQuery()` with its options on (the
    /// schema's description, `specifiedByURL`, `isRepeatable`, deprecated arguments and input
    /// fields), type references seven levels deep.
    static let query = """
        query IntrospectionQuery {
          __schema {
            description
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description isRepeatable locations args(includeDeprecated: true) { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description specifiedByURL
          fields(includeDeprecated: true) {
            name description args(includeDeprecated: true) { ...InputValue } type { ...TypeRef }
            isDeprecated deprecationReason
          }
          inputFields(includeDeprecated: true) { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue {
          name description type { ...TypeRef } defaultValue isDeprecated deprecationReason
        }
        fragment TypeRef on __Type {
          kind name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name
            ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// The query without the parts of the introspection schema added since the 2018 specification,
    /// for servers that refuse them (graphql-js 15 and older, some gateways).
    static let minimalQuery = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind name description
          fields(includeDeprecated: true) {
            name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name
            ofType { kind name ofType { kind name } } } } } } }
        }
        """

    /// Why the schema could not be had (exit status 1: the server's side).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The server's schema: the introspection result's JSON (`{"data": {"__schema": …}}`) and the
    /// schema built from it.
    static func fetch(_ arguments: ParsedArguments, endpoint: String) async throws -> (json: Data, schema: Schema) {
        let plugin = try await APITarget.plugin(for: arguments, endpoint: endpoint)
        var answer = try await plugin.query(request: GraphQLRequest(document: query, responseType: JSONValue.self))
        if case .failure = answer {
            // GraphQL errors: most likely a field this server's introspection lacks.
            answer = try await plugin.query(
                request: GraphQLRequest(document: minimalQuery, responseType: JSONValue.self))
        }
        let data: JSONValue
        switch answer {
        case .success(let value): data = value
        case .failure(let error):
            throw Failure(description: "\(endpoint) did not answer the introspection query: \(error)")
        }
        let json = Data(JSONValue.object(["data": data]).jsonText.utf8)
        do {
            return (json, try Schema(introspectionJSON: json))
        } catch {
            throw Failure(
                description: "\(endpoint) answered the introspection query with a schema that cannot be read: \(error)")
        }
    }
}
