import Foundation
import SwitchboardAPI

/// A ticket as the soak's clients select it.
struct Ticket: Decodable, Sendable, Equatable {
    let id: String
    let title: String
    let priority: Int?
}

/// One page of `listTickets`.
struct TicketPage: Decodable, Sendable {
    let items: [Ticket]
    let nextToken: String?
}

/// A client that owns a few ticket ids (`w3-0` … `w3-23`, titled `w3/…`) and creates, reads,
/// updates, deletes and lists them at random through `APIPlugin`, as an app would, checking every
/// answer against what it wrote: no other client touches its tickets, so each answer is known.
struct TicketWorker: Sendable {
    let index: Int
    let plugin: APIPlugin
    let ledger: SoakLedger

    private static let fields = "id title priority"
    private static let ids = 24

    /// Runs until `end`; the tickets it left written.
    func run(until end: ContinuousClock.Instant) async -> [String: Ticket] {
        var written: [String: Ticket] = [:]
        var version = 0
        while ContinuousClock.now < end {
            let id = "w\(index)-\(Int.random(in: 0..<Self.ids))"
            let roll = Int.random(in: 0..<100)
            version += 1
            // Quotes, a backslash, non-ASCII and a character beyond the BMP: every write round-trips them.
            let ticket = Ticket(
                id: id, title: "w\(index)/\(id) \"v\(version)\" \\ ü 😀", priority: Bool.random() ? version : nil)
            switch (roll, written[id]) {
            case (0..<8, _):
                await list(expect: written)
            case (_, nil) where roll < 60:
                if await write("create", "createTicket", ticket, expect: ticket) { written[id] = ticket }
            case (_, nil):
                await get(id, expect: nil)
            case (_, let old?) where roll < 35:
                await get(id, expect: old)
            case (_, _?) where roll < 55:
                if await write("update", "updateTicket", ticket, expect: ticket) { written[id] = ticket }
            case (_, let old?) where roll < 70:
                if await delete(id, expect: old) { written[id] = nil }
            case (_, _?):
                await createTaken(ticket)
            }
        }
        return written
    }

    private func get(_ id: String, expect: Ticket?) async {
        let request = GraphQLRequest(
            document: "query Get($id: ID!) { getTicket(id: $id) { \(Self.fields) } }", variables: ["id": .string(id)],
            responseType: Ticket?.self, decodePath: "getTicket")
        _ = await exchange("get", "getTicket(\(id))", request, expect: expect)
    }

    private func write(_ kind: String, _ field: String, _ ticket: Ticket, expect: Ticket) async -> Bool {
        var input: [String: JSONValue] = ["id": .string(ticket.id), "title": .string(ticket.title)]
        input["priority"] = ticket.priority.map { .number(Double($0)) } ?? .null
        let request = GraphQLRequest(
            document: "mutation W($input: \(field == "createTicket" ? "Create" : "Update")TicketInput!) { "
                + "\(field)(input: $input) { \(Self.fields) } }",
            variables: ["input": .object(input)], responseType: Ticket.self, decodePath: field)
        return await exchange(kind, "\(field)(\(ticket.id))", request, mutation: true, expect: expect)
    }

    private func delete(_ id: String, expect: Ticket) async -> Bool {
        let request = GraphQLRequest(
            document: "mutation D($input: DeleteTicketInput!) { deleteTicket(input: $input) { \(Self.fields) } }",
            variables: ["input": ["id": .string(id)]], responseType: Ticket.self, decodePath: "deleteTicket")
        return await exchange("delete", "deleteTicket(\(id))", request, mutation: true, expect: expect)
    }

    /// Sends `request` (`call` names it in failures) and checks that it answers `expect`; whether
    /// the server carried it out (it answered data, right or wrong), which a write's caller records.
    private func exchange<R: Decodable & Sendable & Equatable>(
        _ kind: String, _ call: String, _ request: GraphQLRequest<R>, mutation: Bool = false, expect: R
    ) async -> Bool {
        guard let result = await send(kind, request, mutation: mutation) else { return false }
        switch result {
        case .success(let answered):
            if answered != expect {
                ledger.fail("\(call) answered \(String(describing: answered)), not \(String(describing: expect))")
            }
            return true
        case .failure(let error):
            ledger.fail("\(call) failed: \(error)")
            return false
        }
    }

    /// A create of an id that exists: AppSync's conditional-check error, and nothing changes.
    private func createTaken(_ ticket: Ticket) async {
        let request = GraphQLRequest(
            document: "mutation C($input: CreateTicketInput!) { createTicket(input: $input) { id } }",
            variables: ["input": ["id": .string(ticket.id), "title": .string(ticket.title)]],
            responseType: Ticket?.self, decodePath: "createTicket")
        guard let result = await send("create-taken", request, mutation: true) else { return }
        let types = (try? result.get()).map { _ in [] } ?? Self.errorTypes(of: result)
        if types != ["DynamoDB:ConditionalCheckFailedException"] {
            ledger.fail(
                "createTicket(\(ticket.id)) of an existing id answered \(result), not a conditional-check error")
        }
    }

    /// Every page of the tickets titled `w<index>/`, by `nextToken`, compared with `expect`, what
    /// this worker wrote (it is their only writer, so the list must hold exactly those).
    func list(expect: [String: Ticket]) async {
        var found: [String: Ticket] = [:]
        var nextToken: String?
        for _ in 0..<500 {
            var variables: [String: JSONValue] = ["prefix": .string("w\(index)/")]
            if let nextToken { variables["next"] = .string(nextToken) }
            let request = GraphQLRequest(
                document:
                    "query L($prefix: String!, $next: String) { listTickets(filter: {title: {beginsWith: $prefix}}, "
                    + "limit: 7, nextToken: $next) { items { \(Self.fields) } nextToken } }",
                variables: variables, responseType: TicketPage.self, decodePath: "listTickets")
            guard let result = await send("list page", request) else { return }
            guard case .success(let page) = result else {
                ledger.fail("listTickets failed: \(result)")
                return
            }
            for item in page.items { found[item.id] = item }
            nextToken = page.nextToken
            if nextToken == nil { break }
        }
        if nextToken != nil { ledger.fail("listTickets of w\(index)/ still had a nextToken after 500 pages") }
        if found != expect {
            ledger.fail("listTickets of w\(index)/ found \(found.count) tickets, \(expect.count) were written")
        }
    }

    private func send<R: Decodable & Sendable>(
        _ kind: String, _ request: GraphQLRequest<R>, mutation: Bool = false
    ) async -> GraphQLResponse<R>? {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            ledger.took(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            ledger.count(kind)
        }
        do {
            return mutation ? try await plugin.mutate(request: request) : try await plugin.query(request: request)
        } catch {
            ledger.fail("\(kind): \(error)")
            return nil
        }
    }

    private static func errorTypes<R>(of result: GraphQLResponse<R>) -> [String] {
        guard case .failure(let error) = result else { return [] }
        return error.graphQLErrors.map { $0.extensions?["errorType"]?.stringValue ?? "?" }
    }
}
