// scripts/bench transport: requests/s of HTTP client transports against a server that is not the
// limit (nginx with a fixed response, started by scripts/bench.d/transport.sh), at 1, 16 and 64
// concurrent requests, in one run: HTTPClientTransport, URLSessionTransport (its own session,
// 128 connections per host) and raw URLSession.shared, and the whole client (a query through an
// APIPlugin's pipeline, decoded) on each of the two transports; the sides take turns cell by cell.
// Usage: transport-bench URL [SECONDS_PER_CELL]
import Foundation
import SwitchboardAPI
import SwitchboardLocking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard let target = arguments.first.flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("usage: transport-bench URL [SECONDS_PER_CELL]\n".utf8))
    exit(2)
}
let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 3
let body = Data(
    #"{"query":"query GetTodo($id: ID!) { getTodo(id: $id) { id name priority } }","variables":{"id":"todo-1"}}"#.utf8)

let request: URLRequest = {
    var request = URLRequest(url: target)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("da2-benchmarkkey", forHTTPHeaderField: "x-api-key")
    return request
}()

struct Side: Sendable {
    let name: String
    let send: @Sendable () async throws -> Int
}

let own = HTTPClientTransport(maximumConnectionsPerHost: 64)
let sessionTransport = URLSessionTransport()

/// The whole client: an APIPlugin on `transport`, a query decoded into `Todo` through the pipeline.
struct Todo: Decodable, Sendable {
    let id: String
    let name: String
    let priority: Int
}

func client(_ transport: any HTTPTransport) throws -> APIPlugin {
    let plugin = try APIPlugin(transport: transport)
    let configuration = """
        {"api":{"plugins":{"awsAPIPlugin":{"bench":{"endpointType":"GraphQL","endpoint":"\(target.absoluteString)",
        "region":"us-east-1","authorizationType":"API_KEY","apiKey":"da2-benchmarkkey"}}}}}
        """
    try plugin.configure(using: SwitchboardConfiguration(data: Data(configuration.utf8)))
    return plugin
}

let query = GraphQLRequest(
    document: "query GetTodo($id: ID!) { getTodo(id: $id) { id name priority } }", variables: ["id": "todo-1"],
    responseType: Todo.self, decodePath: "getTodo")
let ownClient = try client(HTTPClientTransport(maximumConnectionsPerHost: 64))
let sessionClient = try client(URLSessionTransport())

let sides = [
    Side(name: "HTTPClientTransport") { try await own.send(request).statusCode },
    Side(name: "URLSessionTransport") { try await sessionTransport.send(request).statusCode },
    Side(name: "query via HTTPClientTransport") {
        _ = try await ownClient.query(request: query).get()
        return 200
    },
    Side(name: "query via URLSessionTransport") {
        _ = try await sessionClient.query(request: query).get()
        return 200
    },
    Side(name: "URLSession.shared") {
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    },
]

/// Requests completed per second by `concurrency` loops sending back to back for `duration`.
func measure(_ side: Side, concurrency: Int, duration: Duration) async -> (rate: Double, failures: Int) {
    let completed = Locked(0)
    let failed = Locked(0)
    let start = ContinuousClock.now
    let end = start + duration
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while ContinuousClock.now < end {
                    if (try? await side.send()) == 200 {
                        completed.withLock { $0 += 1 }
                    } else {
                        failed.withLock { $0 += 1 }
                    }
                }
            }
        }
    }
    let elapsed = ContinuousClock.now - start
    let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return (Double(completed.withLock { $0 }) / secondsElapsed, failed.withLock { $0 })
}

print("transport-bench: \(target), \(seconds) s per cell")
for side in sides { _ = await measure(side, concurrency: 4, duration: .milliseconds(500)) }  // warm-up
for concurrency in [1, 16, 64] {
    var rates: [String: Double] = [:]
    // Two rounds in opposite orders, so that neither side always runs first.
    for round in 0..<2 {
        for side in round == 0 ? sides : sides.reversed() {
            let (rate, failures) = await measure(side, concurrency: concurrency, duration: .seconds(seconds / 2))
            rates[side.name, default: 0] += rate / 2
            if failures > 0 { print("  \(side.name) at \(concurrency): \(failures) failed requests") }
        }
    }
    let ownRate = rates["HTTPClientTransport"] ?? 0
    let line = sides.map { side in
        let rate = rates[side.name] ?? 0
        return "\(side.name) \(Int(rate.rounded())) req/s"
    }.joined(separator: ", ")
    let shared = max(rates["URLSession.shared"] ?? 1, 1)
    let versusShared = ownRate / shared
    let versusSession = ownRate / max(rates["URLSessionTransport"] ?? 1, 1)
    let clientVersusShared = (rates["query via HTTPClientTransport"] ?? 0) / shared
    let clientVersusSession =
        (rates["query via HTTPClientTransport"] ?? 0) / max(rates["query via URLSessionTransport"] ?? 1, 1)
    print("concurrency \(concurrency): \(line)")
    print(
        String(
            format: "  HTTPClientTransport = %.2f× URLSession.shared, %.2f× URLSessionTransport; "
                + "query via HTTPClientTransport = %.2f× URLSession.shared, %.2f× the query via URLSessionTransport",
            versusShared, versusSession, clientVersusShared, clientVersusSession))
}
