// scripts/bench transport: requests/s of one HTTP client side against a server that is not the
// limit (nginx with a fixed response, started by scripts/bench.d/transport.sh). The sides are
// HTTPClientTransport, URLSessionTransport (its own session, 128 connections per host), raw
// URLSession.shared, and the whole client (a query through an APIPlugin's pipeline, decoded) on
// each of the two transports. The script runs each side in a process of its own, cell by cell,
// so that no side's leftover threads (URLSession keeps libcurl's) take CPU from the next.
// Usage: transport-bench URL SECONDS SIDE CONCURRENCY [REQUESTS]
// Prints `RATE FAILURES` (requests/s); with REQUESTS it sends exactly that many instead of
// running for SECONDS, and prints the time they took (the connection-count run).
import Foundation
import SwitchboardAPI
import SwitchboardCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard let target = arguments.first.flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("usage: transport-bench URL SECONDS SIDE CONCURRENCY [REQUESTS]\n".utf8))
    exit(2)
}
let seconds = arguments.dropFirst().first.flatMap(Double.init) ?? 2
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

/// One client under test; `make` builds it (only the side a process runs is built, so that no
/// other client's threads exist) and returns the function that sends one request.
struct Side {
    let name: String
    let make: () throws -> @Sendable () async throws -> Int
}

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

func querying(_ transport: any HTTPTransport) throws -> @Sendable () async throws -> Int {
    let plugin = try client(transport)
    return {
        _ = try await plugin.query(request: query).get()
        return 200
    }
}

let sides = [
    Side(name: "HTTPClientTransport") {
        let transport = HTTPClientTransport(maximumConnectionsPerHost: 64)
        return { try await transport.send(request).statusCode }
    },
    Side(name: "URLSessionTransport") {
        let transport = URLSessionTransport()
        return { try await transport.send(request).statusCode }
    },
    Side(name: "query via HTTPClientTransport") { try querying(HTTPClientTransport(maximumConnectionsPerHost: 64)) },
    Side(name: "query via URLSessionTransport") { try querying(URLSessionTransport()) },
    Side(name: "URLSession.shared") {
        return {
            let (_, response) = try await URLSession.shared.data(for: request)
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }
    },
]

/// Requests completed per second by `concurrency` loops sending back to back for `duration`.
func measure(
    _ send: @escaping @Sendable () async throws -> Int, concurrency: Int, duration: Duration
) async -> (rate: Double, failures: Int) {
    let completed = Locked(0)
    let failed = Locked(0)
    let start = ContinuousClock.now
    let end = start + duration
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while ContinuousClock.now < end {
                    if (try? await send()) == 200 {
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

guard arguments.count >= 4, let concurrency = Int(arguments[3]), concurrency > 0,
    let side = sides.first(where: { $0.name == arguments[2] }), let send = try? side.make()
else {
    FileHandle.standardError.write(
        Data(
            ("usage: transport-bench URL SECONDS SIDE CONCURRENCY [REQUESTS]; sides: "
                + sides.map(\.name).joined(separator: ", ") + "\n").utf8))
    exit(2)
}
if let total = arguments.dropFirst(4).first.flatMap(Int.init) {
    let remaining = Locked(total)
    let failed = Locked(0)
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<concurrency {
            group.addTask {
                while remaining.withLock({ count in
                    count -= 1
                    return count >= 0
                }) {
                    if (try? await send()) != 200 { failed.withLock { $0 += 1 } }
                }
            }
        }
    }
    let elapsed = (ContinuousClock.now - start).components
    print("\(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18) \(failed.withLock { $0 })")
    exit(0)
}
_ = await measure(send, concurrency: min(concurrency, 4), duration: .milliseconds(300))  // warm-up
let (rate, failures) = await measure(send, concurrency: concurrency, duration: .seconds(seconds))
print("\(rate) \(failures)")
