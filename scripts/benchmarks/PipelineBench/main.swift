// scripts/bench pipeline: sequential Switchboard.API.query calls against an in-process
// SwitchboardNet server, compared in the same run with the same requests sent as a raw
// URLSession POST plus one JSONDecoder decode, the sides alternating request by request.
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
try Switchboard.configure(Data(configuration.utf8))

func pipelineQuery(_ index: Int) async throws {
    let request = GraphQLRequest(
        document: document, variables: ["id": .string("todo-\(index)")], responseType: Todo.self,
        decodePath: "getTodo")
    _ = try await Switchboard.API.query(request: request).get()
}

let encoder = JSONEncoder()
let decoder = JSONDecoder()
func rawQuery(_ index: Int) async throws {
    var request = URLRequest(url: endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("da2-benchmarkkey", forHTTPHeaderField: "x-api-key")
    request.httpBody = try encoder.encode(RawBody(query: document, variables: ["id": "todo-\(index)"]))
    let (data, _) = try await session.data(for: request)
    _ = try decoder.decode(RawEnvelope.self, from: data).data.getTodo
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

for index in 0..<200 {
    try await pipelineQuery(index)
    try await rawQuery(index)
}

// The two sides take turns request by request (alternating which goes first), and the headline is
// the median ratio of adjacent pairs: this VM switches between a fast and a slow state every few
// milliseconds, and two adjacent requests share a state where two blocks of a thousand need not.
let clock = ContinuousClock()
var pipelineTimes: [Double] = []
var rawTimes: [Double] = []
pipelineTimes.reserveCapacity(total)
rawTimes.reserveCapacity(total)
for index in 0..<total {
    for side in index.isMultiple(of: 2) ? [0, 1] : [1, 0] {
        let start = clock.now
        if side == 0 { try await pipelineQuery(index) } else { try await rawQuery(index) }
        let elapsed = seconds(clock.now - start)
        if side == 0 { pipelineTimes.append(elapsed) } else { rawTimes.append(elapsed) }
    }
}
await server.stop()

let pairRatios = zip(pipelineTimes, rawTimes).map { $0 / $1 }.sorted()
let pipelineSeconds = pipelineTimes.reduce(0, +)
let rawSeconds = rawTimes.reduce(0, +)
print("requests per side:        \(total) (sequential, the sides alternating request by request)")
print(
    String(
        format: "Switchboard.API.query:    %.3f s  (%.1f µs/op)", pipelineSeconds, pipelineSeconds / Double(total) * 1e6
    ))
print(String(format: "raw URLSession + decode:  %.3f s  (%.1f µs/op)", rawSeconds, rawSeconds / Double(total) * 1e6))
print(
    String(
        format: "ratio pipeline / raw:     %.3f×  (median of adjacent pairs; target ≤ 1.10×; of the totals: %.3f×)",
        pairRatios[pairRatios.count / 2], pipelineSeconds / rawSeconds))
