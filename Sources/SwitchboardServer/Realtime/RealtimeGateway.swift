import Foundation
import GraphQLLanguage
import ModelTransform
import Switchboard
import SwitchboardCore
import SwitchboardNet
import SwitchboardRealtimeServer

/// The local server's real-time side: authenticates connections and `start` messages and turns a
/// subscription request into a ``Subscriber`` (validated, authorized by the subscription
/// resolvers, its filter checked against AppSync's limits). Its `RealtimeHost` keeps the
/// connections.
final class RealtimeGateway: RealtimeBackend {
    let service: GraphQLService
    let authenticator: RequestAuthenticator
    let registry: SubscriptionRegistry
    /// Mutation results waiting for the registry to publish them, in the order mutations finish.
    let fanOut: FanOutQueue
    /// The connections: admission, numbering, counters, shutdown (the mock's are kept alike).
    let host: RealtimeHost
    /// Who each connection authenticated as at `connection_init`, by session number.
    private let identities = Locked<[Int: RequestIdentity]>([:])

    init(service: GraphQLService, authenticator: RequestAuthenticator, options: RealtimeServerOptions) {
        self.service = service
        self.authenticator = authenticator
        let host = RealtimeHost(options: options)
        self.host = host
        let registry = SubscriptionRegistry(service: service, host: host)
        self.registry = registry
        fanOut = FanOutQueue { batch in await registry.publish(batch.events, now: batch.now) }
    }

    /// The answer to a WebSocket upgrade on `/graphql` or `/graphql/realtime`.
    func upgrade(_ request: HTTPRequest) -> HTTPResponse {
        host.upgrade(request, backend: self)
    }

    /// Closes every connection (server shutdown); connections upgraded from now on are refused.
    func shutdown() async {
        // Results of mutations that already answered still reach their subscribers.
        await fanOut.close()
        await registry.shutdown()
        await host.shutdown()
    }

    // MARK: RealtimeBackend

    func connect(headers: HTTPHeaders, session: RealtimeSession) async -> [JSONValue]? {
        let target = session.dialect == .appSync ? "/graphql/connect" : "/graphql"
        let body: [UInt8] = session.dialect == .appSync ? Array("{}".utf8) : []
        switch authenticator.authenticate(
            headers: headers.map { (name: $0.name, value: $0.value) }, method: "POST", target: target, body: body)
        {
        case .failure(let failure):
            return [RealtimeErrors.error("UnauthorizedException", failure.message, code: 401)]
        case .success(let identity):
            identities.withLock { $0[session.number] = identity }
            return nil
        }
    }

    func start(_ request: RealtimeStartRequest, session: RealtimeSession) async -> [JSONValue]? {
        let identity: RequestIdentity
        if request.dialect == .appSync {
            switch authenticator.authenticate(
                headers: request.headers.map { (name: $0.name, value: $0.value) }, method: "POST", target: "/graphql",
                body: Array(request.payload.utf8))
            {
            case .failure(let failure):
                return [RealtimeErrors.error("UnauthorizedException", failure.message, code: 401)]
            case .success(let caller): identity = caller
            }
        } else {
            guard let known = identities.withLock({ $0[session.number] }) else {
                return [RealtimeErrors.error("UnauthorizedException", "The connection is not authorized.", code: 401)]
            }
            // These protocols authorize the connection only: its token must still be good.
            if let expiry = tokenExpiry(of: known), Date().timeIntervalSince1970 > expiry {
                return [
                    RealtimeErrors.error(
                        "UnauthorizedException", "You are not authorized to make this call. \(TokenRejection.expired)",
                        code: 401)
                ]
            }
            identity = known
        }
        switch await subscriber(for: request, identity: identity, session: session) {
        case .failure(let failure): return failure.errors.map(Self.json)
        case .success(let subscriber):
            await registry.add(subscriber)
            return nil
        }
    }

    func stop(id: String, session: RealtimeSession) async {
        await registry.remove(session: session, id: id)
    }

    func disconnected(session: RealtimeSession) async {
        await registry.removeAll(session: session)
        _ = identities.withLock { $0.removeValue(forKey: session.number) }
    }

    // MARK: Subscriptions

    private struct Failure: Error {
        let errors: [ExecutionError]
    }

    /// Validates, authorizes (by executing the subscription once: its resolver checks the
    /// caller) and describes a subscription.
    private func subscriber(
        for request: RealtimeStartRequest, identity: RequestIdentity, session: RealtimeSession
    ) async -> Result<Subscriber, Failure> {
        guard case .object(let body)? = try? JSONReader.read(request.payload), case .string(let query)? = body["query"]
        else {
            return .failure(
                Failure(errors: [
                    ExecutionError("The subscription payload has no query string.", errorType: "BadRequestException")
                ]))
        }
        let document: DocumentParts
        switch await service.document(query) {
        case .invalid(let errors): return .failure(Failure(errors: errors))
        case .valid(let parsed, _, _): document = parsed
        }
        let executor = service.executor
        let prepared: Executor<RequestContext>.PreparedOperation
        do {
            prepared = try executor.prepare(
                document, operationName: body["operationName"]?.stringValue,
                variables: body["variables"]?.objectValue ?? JSONObject())
        } catch {
            return .failure(Failure(errors: [error]))
        }
        guard prepared.operation.operation == .subscription, let root = service.schema.subscriptionType else {
            return .failure(
                Failure(errors: [
                    ExecutionError(
                        "Only subscriptions are served over this connection.", errorType: "BadRequestException")
                ]))
        }
        let context = RequestContext(identity: identity, now: AppSyncClock.nowISO8601())
        let check = await executor.execute(prepared, context: context)
        guard check.errors.isEmpty else { return .failure(Failure(errors: check.errors)) }
        let collector = FieldCollector(
            schema: service.schema, fragments: prepared.fragments, variables: prepared.variables)
        guard let group = collector.collect(prepared.operation.selectionSet, on: root).first,
            let field = service.schema.field(group.name, on: root)
        else {
            return .failure(
                Failure(errors: [ExecutionError("The subscription selects no field.", errorType: "BadRequestException")]
                ))
        }
        var arguments: JSONObject
        do {
            arguments = try executor.coercion.coerceArguments(
                field.arguments, group.nodes[0].arguments, variables: prepared.variables)
        } catch {
            return .failure(
                Failure(errors: [ExecutionError(ExecutionRun<RequestContext>.argumentMessage(error, field: field.name))]
                ))
        }
        let filter: SubscriptionFilter?
        do {
            filter = try SubscriptionFilter(arguments["filter"])
        } catch {
            return .failure(Failure(errors: [error]))
        }
        arguments["filter"] = nil
        var ownerCheck: (authorizer: ModelAuthorizer, rules: [ModelTransform.AuthRule])?
        if let model = service.catalog.models.first(where: {
            ($0.operations.onCreate + $0.operations.onUpdate + $0.operations.onDelete).contains(field.name)
        }), model.operations.subscriptionLevel == .on {
            let authorizer = ModelAuthorizer(model: model, settings: service.catalog.authorization)
            let access = authorizer.access(.listen, identity: identity)
            if !access.isGranted { ownerCheck = (authorizer, access.dynamicRules) }
        }
        let shape =
            field.name + "\u{0}" + query + "\u{0}" + (prepared.operation.name ?? "") + "\u{0}"
            + JSON.object(prepared.variables).text + "\u{0}"
            + identity.mode.rawValue
        return .success(
            Subscriber(
                session: session, id: request.id, field: field.name, operation: prepared, shape: shape,
                identity: identity, arguments: arguments, filter: filter, ownerCheck: ownerCheck,
                tokenExpiry: tokenExpiry(of: identity)))
    }

    /// When `identity`'s token stops being accepted, if the server verifies tokens (without keys
    /// it checks no expiry, at `start` or later).
    private func tokenExpiry(of identity: RequestIdentity) -> Double? {
        guard case .verified(let verifier) = authenticator.tokens, let expiry = identity.claims["exp"]?.doubleValue
        else { return nil }
        return expiry + verifier.leeway
    }

    /// An error as the real-time protocols carry it (AppSync's error object).
    static func json(_ error: ExecutionError) -> JSONValue {
        (try? JSONValue(parsing: Data(error.json.text.utf8))) ?? .object(["message": .string(error.message)])
    }
}
