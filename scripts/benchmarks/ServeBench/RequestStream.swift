/// One connection's requests for a ``BenchOperation``: the body to send next and the check of
/// each reply. Every reply must be a `200` without `errors`; the Ticket operations also check
/// what the reply holds (the item asked for, a page's item count), so a server that answers
/// fast but wrong is counted as failing rather than as fast. A list page's `nextToken` is
/// carried into the next request: `listTickets` walks `pages` pages, then starts over.
struct RequestStream: Sendable {
    let operation: BenchOperation
    /// How many tickets the server was seeded with (``ItemSeeder``).
    let items: Int
    /// `listTickets`' filter: `priority >= minimumPriority`.
    let minimumPriority: Int
    let pages: Int
    private var sequence: Int
    private var page = 0
    /// The previous page's `nextToken` as the JSON literal it came as, sent back as it is.
    private var nextToken = "null"

    static let pageSize = 100

    init(operation: BenchOperation, lane: Int, items: Int, minimumPriority: Int, pages: Int) {
        self.operation = operation
        self.items = max(items, 1)
        self.minimumPriority = minimumPriority
        self.pages = pages
        // Lanes start far apart, so that concurrent getTickets read different items.
        sequence = lane * 7_919
    }

    func nextBody() -> String {
        switch operation {
        case .getTicket:
            #"{"query":"query Get($id: ID!) { getTicket(id: $id) { \#(Tickets.fields) } }","#
                + #""variables":{"id":"\#(Tickets.id(sequence % items))"}}"#
        case .listTickets:
            #"{"query":"query List($filter: ModelTicketFilterInput, $limit: Int, $nextToken: String) { "#
                + #"listTickets(filter: $filter, limit: $limit, nextToken: $nextToken) { items { \#(Tickets.fields) } "#
                + #"nextToken } }","variables":{"filter":{"priority":{"ge":\#(minimumPriority)}},"#
                + #""limit":\#(Self.pageSize),"nextToken":\#(nextToken)}}"#
        default:
            operation.fixedBody ?? ""
        }
    }

    /// Nil when `reply` is what the request just built by ``nextBody()`` should get; otherwise
    /// what was wrong. Moves on to the next request either way.
    mutating func check(_ reply: HTTPPostReply) -> String? {
        defer { sequence += 1 }
        guard reply.status == 200 && !reply.hasGraphQLErrors else { return "HTTP \(reply.status)" }
        let body = reply.body
        switch operation {
        case .getTicket:
            let expected = Array(#"{"id":"\#(Tickets.id(sequence % items))""#.utf8)
            return body.offset(of: expected) == nil ? "not the ticket asked for" : nil
        case .createTicket:
            return body.offset(of: Self.createdStart) == nil ? "no ticket created" : nil
        case .listTickets:
            return checkPage(body)
        default:
            return nil
        }
    }

    /// A page holds exactly the seeded tickets of its 100 keys that pass the filter (the limit
    /// applies before the filter, as in DynamoDB), and has a token while the walk goes on.
    /// Pages are read from the first key, so page `p` covers the tickets `100p ..< 100(p+1)`.
    private mutating func checkPage(_ body: [UInt8]) -> String? {
        let walked = page
        let keys = walked * Self.pageSize..<min((walked + 1) * Self.pageSize, items)
        let expected = Tickets.matching(keys, minimumPriority: minimumPriority)
        let found = body.occurrences(of: Self.itemStart)
        var problem = found == expected ? nil : "page \(walked + 1) held \(found) tickets, not \(expected)"
        // Its first and last tickets too, or a server that ignored the token would pass.
        let ends = [
            keys.first { Tickets.priority($0) >= minimumPriority },
            keys.last { Tickets.priority($0) >= minimumPriority },
        ]
        for case let index? in ends where body.offset(of: Array(#"{"id":"\#(Tickets.id(index))""#.utf8)) == nil {
            problem = problem ?? "page \(walked + 1) without \(Tickets.id(index))"
        }
        let token = Self.nextTokenLiteral(in: body)
        page += 1
        if page < pages, let token, token != "null" {
            nextToken = token
        } else {
            if page < pages { problem = problem ?? "page \(walked + 1) had no nextToken" }
            page = 0
            nextToken = "null"
        }
        return problem
    }

    private static let itemStart = Array(#"{"id":""#.utf8)
    private static let createdStart = Array(#""createTicket":{"id":""#.utf8)
    private static let tokenKey = Array(#""nextToken":"#.utf8)

    /// The value after `"nextToken":` as its JSON text (`null` or a string literal), if any.
    static func nextTokenLiteral(in body: [UInt8]) -> String? {
        guard let key = body.offset(of: tokenKey) else { return nil }
        var index = key + tokenKey.count
        while index < body.count && body[index] == 32 { index += 1 }
        guard index < body.count else { return nil }
        if body[index] != 34 { return body[index...].starts(with: "null".utf8) ? "null" : nil }
        var end = index + 1
        while end < body.count && body[end] != 34 { end += body[end] == 92 ? 2 : 1 }
        guard end < body.count else { return nil }
        return String(decoding: body[index...end], as: UTF8.self)
    }
}
