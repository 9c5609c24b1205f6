import Foundation
import SwitchboardAPI
import SwitchboardNet

/// A client that sends what an attacker or a broken client would, each on a new connection, and
/// checks that the server answers each with the clear error it documents (and goes on serving):
/// malformed and oversized bodies, missing and wrong keys, a 6,000-fragment chain, a
/// fragment-doubling cost bomb over a `hasMany`/`belongsTo` cycle, 10,000-level nesting, a
/// forged `nextToken`, a filter of 1,000 `contains` tests, a 20 KB document and a 90 KB body
/// (both answered off the event loops), bytes that are not HTTP, a flood of distinct documents (each caching a
/// parse), and requests abandoned before their answer.
struct HostileClient: Sendable {
    let port: Int
    let apiKey: String
    let ledger: SoakLedger

    /// One hostile exchange: the request bytes, and the status and body fragment its answer must have.
    private struct Case {
        let name: String
        let bytes: [UInt8]
        let status: Int
        let fragment: String
    }

    /// Runs until `end`.
    func run(until end: ContinuousClock.Instant) async {
        let cases = Self.fixedCases(apiKey: apiKey)
        var round = 0
        while ContinuousClock.now < end {
            round += 1
            let unique = Case(
                name: "distinct document",
                bytes: Self.post(
                    "{\"query\": \"{ __typename d\(round)_\(UInt32.random(in: 0...UInt32.max)): __typename }\"}",
                    apiKey: apiKey),
                status: 200, fragment: "\"__typename\":\"Query\"")
            // Distinct in every round too, so that it is parsed every time (off the loops).
            let long = Case(
                name: "20 KB document",
                bytes: Self.post(
                    Self.json(
                        query: "{ r\(round): __typename listTickets(limit: 1) { items { "
                            + String(repeating: "id ", count: 6_800) + "} } }"),
                    apiKey: apiKey),
                status: 200, fragment: "\"listTickets\":{\"items\":[")
            for hostile in cases + [unique, long] where ContinuousClock.now < end { await exchange(hostile) }
            await abandon()
        }
    }

    private func exchange(_ hostile: Case) async {
        ledger.count(hostile.name)
        do {
            let connection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
            defer { connection.closeNow() }
            try await connection.write(hostile.bytes)
            var reader = HTTPResponseReader(stream: connection)
            let response = try await reader.readResponse(
                method: "POST", maximumHeadSize: 16_384, maximumBodySize: 8 << 20)
            let body = String(decoding: response.body, as: UTF8.self)
            if response.status != hostile.status || !body.contains(hostile.fragment) {
                ledger.fail(
                    "\(hostile.name): answered \(response.status) \(body.prefix(200)), not \(hostile.status) with "
                        + hostile.fragment)
            }
        } catch {
            ledger.fail("\(hostile.name): \(error)")
        }
    }

    /// A request whose client closes before the answer: the server must drop the answer quietly.
    private func abandon() async {
        ledger.count("abandoned request")
        guard let connection = try? await TCPConnection.connect(host: "127.0.0.1", port: port) else {
            ledger.fail("abandoned request: could not connect")
            return
        }
        try? await connection.write(
            Self.post("{\"query\": \"{ listTickets(limit: 100) { items { id } } }\"}", apiKey: apiKey))
        connection.closeNow()
    }

    private static func fixedCases(apiKey: String) -> [Case] {
        let chain =
            (0..<6000).map { "fragment F\($0) on Ticket { ...F\($0 + 1) }" }.joined(separator: " ")
            + " fragment F6000 on Ticket { id }"
        let bomb =
            (0..<30).map { "fragment T\($0) on Ticket { comments { items { ticket { ...T\($0 + 1) } } } }" }
            .joined(separator: " ") + " fragment T30 on Ticket { id }"
        let deep = String(repeating: "{ a ", count: 10_000) + String(repeating: "}", count: 10_000)
        let anyOf = (0..<1000).map { "{title: {contains: \"t\($0)\"}}" }.joined(separator: ", ")
        let longBody = JSONValue.object([
            "query": "query Q($filter: ModelTicketFilterInput) { listTickets(filter: $filter) { items { id } } }",
            "variables": [
                "filter": ["or": .array((0..<3_500).map { .object(["title": ["eq": .string("t\($0)")]]) })]
            ],
        ]).jsonText
        return [
            Case(
                name: "malformed JSON", bytes: post("{\"query\": ", apiKey: apiKey), status: 400,
                fragment: "MalformedHttpRequestException"),
            Case(
                name: "wrong API key", bytes: post("{\"query\": \"{ __typename }\"}", apiKey: "da2-wrong"), status: 401,
                fragment: "UnauthorizedException"),
            Case(
                name: "no credentials", bytes: post("{\"query\": \"{ __typename }\"}", apiKey: nil), status: 401,
                fragment: "UnauthorizedException"),
            Case(
                name: "oversized body",
                bytes: post("{", apiKey: apiKey, declaredLength: 20_000_000), status: 413, fragment: "exceeds"),
            Case(
                name: "not HTTP", bytes: Array("\u{1}\u{2}GARBAGE\r\n\r\n".utf8), status: 400,
                fragment: "malformed request line"),
            Case(
                name: "6,000-fragment chain",
                bytes: post(json(query: "{ getTicket(id: \"x\") { ...F0 } } " + chain), apiKey: apiKey),
                status: 200, fragment: "levels deep through its fragment spreads"),
            Case(
                name: "cost bomb",
                bytes: post(json(query: "{ listTickets { items { ...T0 } } } " + bomb), apiKey: apiKey),
                status: 200, fragment: "ResolverExecutionLimitReached"),
            Case(
                name: "10,000-level nesting", bytes: post(json(query: deep), apiKey: apiKey), status: 200,
                fragment: "nests more than 256 levels deep"),
            Case(
                name: "forged nextToken",
                bytes: post(
                    json(query: "{ listTickets(nextToken: \"eyJ0YWJsZSI6IlRpY2tldCJ9\") { items { id } } }"),
                    apiKey: apiKey),
                status: 200, fragment: "InvalidPaginationTokenException"),
            Case(
                name: "1,000-test filter",
                bytes: post(
                    json(query: "{ listTickets(limit: 100000, filter: {or: [\(anyOf)]}) { items { id } } }"),
                    apiKey: apiKey),
                status: 200, fragment: "too many operators; operator count: 301"),
            Case(
                name: "90 KB body", bytes: post(longBody, apiKey: apiKey), status: 200,
                fragment: "too many operators; operator count: 301"),
        ]
    }

    private static func json(query: String) -> String {
        JSONValue.object(["query": .string(query)]).jsonText
    }

    /// A POST of `body`, whose head says it is `declaredLength` bytes long (its length unless given).
    private static func post(_ body: String, apiKey: String?, declaredLength: Int? = nil) -> [UInt8] {
        let bytes = Array(body.utf8)
        var head = "POST /graphql HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\n"
        if let apiKey { head += "x-api-key: \(apiKey)\r\n" }
        head += "Content-Length: \(declaredLength ?? bytes.count)\r\n\r\n"
        return Array(head.utf8) + bytes
    }
}
