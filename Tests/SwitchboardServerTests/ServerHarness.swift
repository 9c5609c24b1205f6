import Foundation
import Testing

@testable import SwitchboardServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``LocalServer`` on 127.0.0.1 (a free port) and raw GraphQL over HTTP to it.
struct ServerHarness {
    let server: LocalServer
    /// Files the server reads while it runs (a JWKS document), removed when it stops: removed
    /// sooner, the server would log that it cannot read them.
    var filesRemovedOnStop: [URL] = []

    /// The blog schema most server tests use: a hasMany/belongsTo pair, an enum with a default,
    /// an @index with a sort key, a composite primary key and a many-to-many relation.
    static let blogSchema = """
        type Blog @model {
          id: ID!
          name: String!
          posts: [Post] @hasMany
        }
        enum Status { DRAFT PUBLISHED }
        type Post @model {
          id: ID!
          title: String!
          rating: Int
          score: Float
          published: Boolean
          status: Status @default(value: "DRAFT")
          tags: [String]
          metadata: AWSJSON
          category: String @index(name: "byCategory", sortKeyFields: ["rating"], queryField: "postsByCategory")
          blog: Blog @belongsTo
          labels: [Label] @manyToMany(relationName: "PostLabels")
        }
        type Label @model {
          id: ID!
          name: String!
          posts: [Post] @manyToMany(relationName: "PostLabels")
        }
        type Track @model {
          album: String! @primaryKey(sortKeyFields: ["disc", "number"])
          disc: Int!
          number: Int!
          title: String
        }
        """

    static func start(
        _ schema: String = blogSchema, configuration: LocalServer.Configuration = .init(apiKeys: [.init("da2-test")]),
        removingOnStop files: [URL] = []
    ) async throws -> ServerHarness {
        do {
            return ServerHarness(
                server: try await LocalServer.start(schema: schema, configuration: configuration),
                filesRemovedOnStop: files)
        } catch {
            for file in files { try? FileManager.default.removeItem(at: file) }
            throw error
        }
    }

    func stop() async {
        await server.stop()
        for file in filesRemovedOnStop { try? FileManager.default.removeItem(at: file) }
    }

    /// POSTs `{query, variables}` with the API key (or `headers`), returning the status and body.
    func post(
        _ query: String, variables: JSON = [:], operationName: String? = nil, headers: [String: String]? = nil
    ) async throws -> (status: Int, body: JSON) {
        var payload: JSONObject = ["query": .string(query), "variables": variables]
        if let operationName { payload["operationName"] = .string(operationName) }
        return try await send(
            body: Array(JSON.object(payload).text.utf8), headers: headers ?? ["x-api-key": "da2-test"])
    }

    func send(body: [UInt8], headers: [String: String]) async throws -> (status: Int, body: JSON) {
        var request = URLRequest(url: server.graphQLEndpoint)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, try JSONReader.read(Array(data)))
    }

    /// The `data.<field>` of a successful response; records the errors of an unsuccessful one.
    func data(_ query: String, variables: JSON = [:], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> JSON
    {
        let (status, body) = try await post(query, variables: variables)
        #expect(status == 200, sourceLocation: sourceLocation)
        #expect(body["errors"] == nil, "\(body.text)", sourceLocation: sourceLocation)
        guard case .object(let data)? = body["data"], let first = data.values.first else { return .null }
        return first
    }
}
