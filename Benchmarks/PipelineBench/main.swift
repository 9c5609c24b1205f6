// scripts/bench pipeline: sequential Switchboard.API.query calls against an in-process
// SwitchboardNet server, compared in the same run with the same requests sent as a raw
// URLSession POST plus one JSONDecoder decode. Rounds alternate so drift hits both sides.
import Foundation
import SwitchboardAPI
import SwitchboardNet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct Todo: Codable, Sendable {
    let id: String
    let name: String
    let priority: Int
    let tags: [String]
}

struct RawEnvelope: Decodable {
    struct DataField: Decodable { let getTodo: Todo }
    let data: DataField
}

struct RawBody: Encodable {
    let query: String
    let variables: [String: String]
}

let arguments = CommandLine.arguments.dropFirst()
let total = arguments.first.flatMap(Int.init) ?? 10_000
let rounds = 10
let perRound = max(1, total / rounds)
let document = "query GetTodo($id: ID!) { getTodo(id: $id) { id name priority tags } }"
let responseBody =
    #"{"data":{"getTodo":{"id":"todo-1","name":"Write the benchmark","priority":3,"tags":["a","b","c"]}}}"#

let server = try await HTTPServer.start { _ in .json(responseBody) }
let endpoint = server.url.appendingPathComponent("graphql")
let configuration = """
    {"api": {"plugins": {"awsAPIPlugin": {"bench": {"endpointType": "GraphQL", "endpoint": "\(endpoint.absoluteString)",
      "region": "us-east-1", "authorizationType": "API_KEY", "apiKey": "da2-benchmarkkey"}}}}}
    """
let sessionConfiguration = URLSessionConfiguration.ephemeral
sessionConfiguration.httpMaximumConnectionsPerHost = 128
sessionConfiguration.urlCache = nil
let session = URLSession(configuration: sessionConfiguration)
try Switchboard.add(plugin: APIPlugin(transport: URLSessionTransport(session: session)))
try await Switchboard.configure(Data(configuration.utf8))

func pipelineRound(_ count: Int) async throws -> Duration {
    let clock = ContinuousClock()
    return try await clock.measure {
        for index in 0..<count {
            let request = GraphQLRequest(
                document: document, variables: ["id": .string("todo-\(index)")], responseType: Todo.self,
                decodePath: "getTodo")
            _ = try await Switchboard.API.query(request: request).get()
        }
    }
}

func rawRound(_ count: Int) async throws -> Duration {
    let clock = ContinuousClock()
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    return try await clock.measure {
        for index in 0..<count {
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("da2-benchmarkkey", forHTTPHeaderField: "x-api-key")
            request.httpBody = try encoder.encode(RawBody(query: document, variables: ["id": "todo-\(index)"]))
            let (data, _) = try await session.data(for: request)
            _ = try decoder.decode(RawEnvelope.self, from: data).data.getTodo
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// Warm up connections, caches and code paths on both sides.
_ = try await pipelineRound(200)
_ = try await rawRound(200)

var pipelineTotal = Duration.zero
var rawTotal = Duration.zero
for round in 0..<rounds {
    // Alternate which side goes first so neither always runs on a warmer process.
    if round.isMultiple(of: 2) {
        pipelineTotal += try await pipelineRound(perRound)
        rawTotal += try await rawRound(perRound)
    } else {
        rawTotal += try await rawRound(perRound)
        pipelineTotal += try await pipelineRound(perRound)
    }
}
await server.stop()

let count = perRound * rounds
let pipelineSeconds = seconds(pipelineTotal)
let rawSeconds = seconds(rawTotal)
print("requests per side:        \(count) (sequential, \(rounds) alternating rounds)")
print(
    String(
        format: "Switchboard.API.query:    %.3f s  (%.1f µs/op)", pipelineSeconds, pipelineSeconds / Double(count) * 1e6
    ))
print(String(format: "raw URLSession + decode:  %.3f s  (%.1f µs/op)", rawSeconds, rawSeconds / Double(count) * 1e6))
print(String(format: "ratio pipeline / raw:     %.3f×  (target ≤ 1.10×)", pipelineSeconds / rawSeconds))
