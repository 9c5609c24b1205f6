import Foundation
import SwitchboardNet
import SwitchboardServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// handler-bench [REQUESTS] [TICKETS]: the user-space cost of one request to `switchboard serve`
// (in-memory store) without sockets: request bytes parsed, routed, authenticated, executed and
// the response serialized, one request at a time. Per operation it prints the CPU time per request of
// that path (the least of five rounds) and of the baseline measured beside it, the same bytes parsed and answered with a
// static JSON body (what the HTTP layer alone costs), and their ratio. CPU time is the process's,
// so work a request hands to other threads counts too. What the kernel adds
// (system calls, loopback TCP, wake-ups) is the rest of `scripts/bench serve-peers`' figure.

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let requests = arguments.first ?? 200_000
let tickets = arguments.dropFirst().first ?? 10_000
/// One operation only (for profiling): HANDLER_BENCH_ONLY=getTicket.
let only = ProcessInfo.processInfo.environment["HANDLER_BENCH_ONLY"]
/// The path alone, without the baseline (so that a profile sees only the path): HANDLER_BENCH_PATH_ONLY=1.
let pathOnly = ProcessInfo.processInfo.environment["HANDLER_BENCH_PATH_ONLY"] != nil
let apiKey = "da2-handler-bench"
let fields = "id title status priority createdAt updatedAt"

func requestBytes(_ body: String) -> [UInt8] {
    Array(
        ("POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\n"
            + "x-api-key: \(apiKey)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)").utf8)
}

func ticketID(_ index: Int) -> String {
    let digits = String(index)
    return "ticket-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

/// CPU time (user + system) of the process, in seconds: every thread a request touches.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Parses `bytes` as one request, answers it with `respond` and serializes the answer; the
/// answer's status, so that a failing request is seen.
func exchange(_ bytes: [UInt8], _ respond: @Sendable (HTTPRequest) async -> HTTPResponse) async -> (Int, [UInt8]) {
    var parser = HTTPRequestParser()
    parser.append(bytes)
    guard let request = try? parser.nextRequest() else { fatalError("the benchmark's request does not parse") }
    let response = await respond(request)
    let wire = response.serialized(keepAlive: true, includeBody: true)
    return (response.status, wire)
}

let schema = """
    type Ticket @model {
      id: ID!
      title: String!
      status: String
      priority: Int
    }
    """
let server = try await LocalServer.start(
    schema: schema, configuration: .init(storage: .inMemory, apiKeys: [.init(apiKey)]))
for index in 0..<tickets {
    let body =
        #"{"query":"mutation C($input: CreateTicketInput!) { createTicket(input: $input) { id } }","#
        + #""variables":{"input":{"id":"\#(ticketID(index))","title":"Ticket \#(index)","status":"open","#
        + #""priority":\#(index % 5)}}}"#
    let (status, _) = await exchange(requestBytes(body)) { await server.respond(to: $0) }
    guard status == 200 else { fatalError("seeding failed with \(status)") }
}

let gets = (0..<1_000).map { index in
    requestBytes(
        #"{"query":"query Get($id: ID!) { getTicket(id: $id) { \#(fields) } }","#
            + #""variables":{"id":"\#(ticketID(index * 7_919 % tickets))"}}"#)
}
let lists = (0..<5).map { page in
    requestBytes(
        #"{"query":"query List($filter: ModelTicketFilterInput, $limit: Int, $nextToken: String) { "#
            + #"listTickets(filter: $filter, limit: $limit, nextToken: $nextToken) { items { \#(fields) } "#
            + #"nextToken } }","variables":{"filter":{"priority":{"ge":2}},"limit":100,"nextToken":null}}"#)
}
let creates = (0..<1_000).map { index in
    requestBytes(
        #"{"query":"mutation C($input: CreateTicketInput!) { createTicket(input: $input) { \#(fields) } }","#
            + #""variables":{"input":{"title":"Bench \#(index)","status":"open","priority":3}}}"#)
}
let staticAnswer = Array(#"{"data":{"__typename":"Query"}}"#.utf8)

/// CPU µs per request of `count` requests cycling through `samples`: the least of five rounds,
/// since on a shared machine a round can only be slowed down (stolen time, other processes).
func measure(_ samples: [[UInt8]], count: Int, _ respond: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) async
    -> Double
{
    for bytes in samples.prefix(100) { _ = await exchange(bytes, respond) }
    let rounds = 5
    let perRound = max(count / rounds, 1)
    var best = Double.infinity
    var failures = 0
    for round in 0..<rounds {
        let start = processCPUSeconds()
        for index in round * perRound..<(round + 1) * perRound {
            let (status, _) = await exchange(samples[index % samples.count], respond)
            if status != 200 { failures += 1 }
        }
        best = min(best, (processCPUSeconds() - start) / Double(perRound) * 1e6)
    }
    guard failures == 0 else { fatalError("\(failures) of \(perRound * rounds) requests failed") }
    return best
}

let bare: @Sendable (HTTPRequest) async -> HTTPResponse = { _ in
    HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: staticAnswer)
}
print("handler-bench: \(requests) requests per operation (lists: a fifth), \(tickets) tickets; CPU µs per request")
for (name, samples, count) in [
    ("getTicket", gets, requests), ("listTickets", lists, requests / 5), ("createTicket", creates, requests),
] where only == nil || only == name {
    let path = await measure(samples, count: count) { await server.respond(to: $0) }
    if pathOnly {
        print(String(format: "%-13@ switchboard %8.2f", name as NSString, path))
        continue
    }
    let baseline = await measure(samples, count: count, bare)
    print(
        String(
            format: "%-13@ switchboard %8.2f  bare HTTP %6.2f  ratio %6.2fx", name as NSString, path, baseline,
            path / baseline))
}
await server.stop()
