import Switchboard
import SwitchboardNet
import SwitchboardRealtimeProtocol

extension RealtimeSession {
    // MARK: AppSync

    func handleAppSync(_ text: String) async {
        guard let message = try? AppSyncRealtimeMessage(parsing: text) else {
            sendError(id: nil, [RealtimeErrors.error("BadRequestException", "unreadable message")])
            return
        }
        switch message {
        case .connectionInit:
            initReceived = true
            if socket.subprotocol != "graphql-ws" {
                rejectConnection([
                    RealtimeErrors.error(
                        "SubProtocolNotSupportedError", "The graphql-ws subprotocol is required to connect.", code: 400)
                ])
                return
            }
            if let errors = await backend.connect(headers: handshakeHeaders, session: self) {
                rejectConnection(errors)
                return
            }
            initialized = true
            let timeout = Int(options.connectionTimeout / .milliseconds(1))
            enqueue(AppSyncRealtimeMessage.connectionAck(connectionTimeoutMs: timeout).jsonText)
            enqueue(AppSyncRealtimeMessage.keepAlive.jsonText)
            startKeepAlive()
        case .start(let id, let data, let authorization):
            guard initialized else {
                sendError(
                    id: id,
                    [RealtimeErrors.error("UnauthorizedException", "connection_init was not sent", code: 401)])
                return
            }
            var headers = handshakeHeaders
            for (name, value) in authorization { headers.replaceOrAdd(name: name, value: value) }
            await start(id: id, payload: data, headers: headers)
        case .stop(let id):
            await stop(id: id)
            enqueue(AppSyncRealtimeMessage.complete(id: id).jsonText)
        default:
            sendError(
                id: nil, [RealtimeErrors.error("UnsupportedOperation", "The message is not one a client sends.")])
        }
    }

    private func rejectConnection(_ errors: [JSONValue]) {
        enqueue(JSONValue.object(["type": "connection_error", "payload": ["errors": .array(errors)]]).jsonText)
        close(code: 1000, reason: "")
    }

    // MARK: graphql-transport-ws and graphql-ws

    /// The upgrade's headers with the string members of a `connection_init` payload, which is
    /// where both protocols of the graphql-ws family carry the authorization.
    func headers(withInitPayload payload: JSONValue?) -> HTTPHeaders {
        var headers = handshakeHeaders
        if case .object(let members)? = payload {
            for (name, value) in members {
                if let text = value.stringValue { headers.replaceOrAdd(name: name, value: text) }
            }
        }
        return headers
    }

    /// `{query, variables, operationName}` as the backend takes a start's payload.
    static func startPayload(query: String, variables: [String: JSONValue]?, operationName: String?) -> String {
        var payload: [String: JSONValue] = ["query": .string(query)]
        if let variables { payload["variables"] = .object(variables) }
        if let operationName { payload["operationName"] = .string(operationName) }
        return JSONValue.object(payload).jsonText
    }

    func handleTransportWS(_ text: String) async {
        guard let message = try? GraphQLTransportWSMessage(parsing: text) else {
            close(code: 4400, reason: "Invalid message")
            return
        }
        switch message {
        case .connectionInit(let payload):
            guard !initReceived else {
                close(code: 4429, reason: "Too many initialisation requests")
                return
            }
            initReceived = true
            if let errors = await backend.connect(headers: headers(withInitPayload: payload), session: self) {
                let reason = errors.first?["message"]?.stringValue ?? "unauthorized"
                close(code: 4403, reason: "Forbidden: \(reason)")
                return
            }
            initialized = true
            enqueue(GraphQLTransportWSMessage.connectionAck(payload: nil).jsonText)
        case .ping(let payload):
            enqueue(GraphQLTransportWSMessage.pong(payload: payload).jsonText)
        case .pong:
            break
        case .subscribe(let id, let query, let variables, let operationName):
            guard initialized else {
                close(code: 4401, reason: "Unauthorized")
                return
            }
            guard !slots.withLock({ $0.active.contains(id) || $0.starting[id] != nil }) else {
                close(code: 4409, reason: "Subscriber for \(id) already exists")
                return
            }
            await start(
                id: id, payload: Self.startPayload(query: query, variables: variables, operationName: operationName),
                headers: handshakeHeaders)
        case .complete(let id):
            await stop(id: id)
        default:
            close(code: 4400, reason: "Unexpected message type")
        }
    }

    // MARK: graphql-ws (subscriptions-transport-ws)

    /// The legacy protocol as `subscriptions-transport-ws` servers speak it: refusals are a
    /// `connection_error` then a close, every stopped or finished operation gets `complete`, and
    /// keep-alives start with the acknowledgement.
    func handleGraphQLWS(_ text: String) async {
        let message: GraphQLWSMessage
        do {
            message = try GraphQLWSMessage(parsing: text)
        } catch {
            sendError(id: nil, [RealtimeErrors.error("BadRequestException", error.reason)])
            return
        }
        switch message {
        case .connectionInit(let payload):
            guard !initReceived else {
                close(code: 4429, reason: "Too many initialisation requests")
                return
            }
            initReceived = true
            if let errors = await backend.connect(headers: headers(withInitPayload: payload), session: self) {
                enqueue(JSONValue.object(["type": "connection_error", "payload": errors.first ?? [:]]).jsonText)
                close(code: 1011, reason: "")
                return
            }
            initialized = true
            enqueue(GraphQLWSMessage.connectionAck(payload: nil).jsonText)
            enqueue(GraphQLWSMessage.keepAlive.jsonText)
            startKeepAlive()
        case .connectionTerminate:
            close(code: 1000, reason: "")
        case .start(let id, let query, let variables, let operationName):
            guard initialized else {
                close(code: 4401, reason: "Unauthorized")
                return
            }
            await start(
                id: id, payload: Self.startPayload(query: query, variables: variables, operationName: operationName),
                headers: handshakeHeaders)
        case .stop(let id):
            guard slots.withLock({ $0.active.contains(id) }) else { return }
            await stop(id: id)
            enqueue(GraphQLWSMessage.complete(id: id).jsonText)
        default:
            sendError(id: nil, [RealtimeErrors.error("UnsupportedOperation", "The message is not one a client sends.")])
        }
    }
}
