import Foundation
import SwitchboardNet

/// Answers the server's HTTP requests: `POST /graphql` (authenticated, executed, its mutation
/// results published), WebSocket upgrades on `/graphql/realtime` (AppSync's protocol) and
/// `/graphql` (graphql-transport-ws), CORS preflights, a short description at `/`, and 404
/// elsewhere.
struct HTTPRouter: Sendable {
    let service: GraphQLService
    let authenticator: RequestAuthenticator
    let realtime: RealtimeGateway

    /// GraphQL requests with longer bodies are answered on the global concurrent executor, not
    /// on their connection's event loop: reading a megabyte of JSON and coercing its variables
    /// takes tens of milliseconds that would be taken from every other connection of the loop.
    /// A body this long takes about a millisecond.
    static let offLoopBodyLength = 64 * 1024

    static let corsHeaders: [(String, String)] = [
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Allow-Methods", "POST, GET, OPTIONS"),
        (
            "Access-Control-Allow-Headers",
            "content-type, x-api-key, authorization, x-amz-date, x-amz-security-token, x-amz-user-agent"
        ),
    ]

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        switch (request.method, request.path) {
        case ("OPTIONS", _):
            return HTTPResponse(status: 204, headers: HTTPHeaders(Self.corsHeaders))
        case ("POST", "/graphql"):
            guard request.body.count > Self.offLoopBodyLength else { return await graphQL(request) }
            return await offTheLoops { await graphQL(request) }
        case ("GET", "/graphql"), ("GET", "/graphql/realtime"):
            guard request.headers.containsToken("websocket", in: "Upgrade") else {
                return Self.json(
                    [
                        "errors": [
                            ["errorType": "BadRequestException", "message": "POST GraphQL requests to /graphql."]
                        ]
                    ],
                    status: 405)
            }
            return realtime.upgrade(request)
        case ("GET", "/"):
            return .text("Switchboard local AppSync server: POST /graphql, WebSocket /graphql/realtime\n")
        default:
            return Self.json(
                [
                    "errors": [
                        ["errorType": "NotFound", "message": .string("No route for \(request.method) \(request.path)")]
                    ]
                ], status: 404)
        }
    }

    private func graphQL(_ request: HTTPRequest) async -> HTTPResponse {
        let identity: RequestIdentity
        switch authenticator.authenticate(
            headers: request.headers.fields, method: request.method, target: request.target, body: request.body)
        {
        case .failure(let failure): return Self.json(failure.body, status: 401)
        case .success(let caller): identity = caller
        }
        guard case .object(let body)? = try? JSONReader.read(request.body), case .string(let query)? = body["query"]
        else {
            return Self.json(
                [
                    "errors": [
                        [
                            "errorType": "MalformedHttpRequestException",
                            "message": "The body must be a JSON object with a \"query\" string.",
                        ]
                    ]
                ], status: 400)
        }
        let variables = body["variables"]?.objectValue ?? JSONObject()
        let operationName = body["operationName"]?.stringValue
        let context = RequestContext(identity: identity, now: AppSyncClock.nowISO8601())
        let (result, events) = await service.execute(
            query: query, variables: variables, operationName: operationName, context: context)
        var response = Self.json(bytes: result.body)
        // Subscribers get a mutation's result after it committed, in the order mutations finish,
        // published once its answer is written (or a short head start has passed): publishing to a
        // thousand connections queues work on the loops that the answer would otherwise wait
        // behind. The response waits only when the queue is full.
        if !events.isEmpty {
            let gate = AnswerGate()
            await realtime.fanOut.submit(events, now: context.now, after: gate)
            response.afterSent = { gate.open() }
        }
        return response
    }

    static func json(_ value: JSON, status: Int = 200) -> HTTPResponse {
        var writer = JSONWriter(capacity: 1024)
        writer.write(value)
        return json(bytes: writer.bytes, status: status)
    }

    /// A JSON response of `bytes`, which are JSON text.
    static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        // Only a preflight (OPTIONS) answer needs the allowed methods and headers; the response
        // itself needs just the origin, which saves 150 bytes on every answer.
        let headers: HTTPHeaders = [
            "Content-Type": "application/json; charset=UTF-8", "Access-Control-Allow-Origin": "*",
        ]
        return HTTPResponse(status: status, headers: headers, body: bytes)
    }
}
