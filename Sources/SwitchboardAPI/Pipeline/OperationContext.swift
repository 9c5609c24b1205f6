import Foundation

/// What every stage of one run of the chain may need to know: which API, which authorization type
/// (after a per-request `authMode` override), what kind of operation, its name, and which phase of
/// it this run is. A REST request runs the same HTTP-level stages: ``restOperation`` tells it apart.
public struct OperationContext: Sendable {
    /// The configured API the operation goes to.
    public let endpoint: APIEndpointConfiguration
    /// The authorization type in effect for this operation.
    public let authorizationType: AuthorizationType
    /// Query, mutation or subscription. A REST request reads as a query when its method is `GET` or
    /// `HEAD` and as a mutation otherwise, so that stages telling reads from writes treat it alike.
    public let operationType: GraphQLOperationType
    /// The method of a REST request; `nil` for GraphQL operations.
    public let restOperation: RESTOperationType?
    /// The operation's name: the request's `operationName`, else the first named operation of its
    /// document; `nil` for an anonymous operation and for a real-time handshake, which serves every
    /// subscription on the connection.
    public let operationName: String?
    /// Which exchange of the operation this run of the HTTP-level stages is.
    public let phase: OperationPhase
    /// The operation's own headers, time limit and context (`RequestOptions`); empty for a
    /// real-time handshake, which serves every subscription on the connection.
    public let options: RequestOptions
    /// The real-time connection a ``OperationPhase/handshake`` or ``OperationPhase/start`` run
    /// goes to: the transport stage hands the authorized request to it.
    let realtime: (any RealtimeExchange)?
    /// Whether the authorization stage asks the token provider for a refreshed token rather than
    /// its latest: the server refused the last real-time connection's token.
    let refreshesToken: Bool

    /// A context; `realtime` is set for the real-time phases only.
    init(
        endpoint: APIEndpointConfiguration, authorizationType: AuthorizationType,
        operationType: GraphQLOperationType, operationName: String?, phase: OperationPhase = .request,
        options: RequestOptions = RequestOptions(), restOperation: RESTOperationType? = nil,
        realtime: (any RealtimeExchange)? = nil, refreshesToken: Bool = false
    ) {
        self.endpoint = endpoint
        self.authorizationType = authorizationType
        self.operationType = operationType
        self.operationName = operationName
        self.phase = phase
        self.options = options
        self.restOperation = restOperation
        self.realtime = realtime
        self.refreshesToken = refreshesToken
    }

    /// The API's name.
    public var apiName: String { endpoint.name }

    /// The same operation in another phase, on `realtime`: the connection's handshake (no options),
    /// or one subscription's start (its options).
    func phase(
        _ phase: OperationPhase, operationName: String?, options: RequestOptions = RequestOptions(),
        realtime: any RealtimeExchange, refreshesToken: Bool = false
    ) -> OperationContext {
        OperationContext(
            endpoint: endpoint, authorizationType: authorizationType, operationType: operationType,
            operationName: operationName, phase: phase, options: options, realtime: realtime,
            refreshesToken: refreshesToken)
    }
}

/// Which exchange of an operation a run of the HTTP-level stages is. A query or a mutation has
/// one, its HTTP request; a subscription has a handshake per real-time connection and, on AppSync's
/// protocol, a start per subscription (each one authorized on its own).
public enum OperationPhase: String, Sendable, Hashable, CaseIterable {
    /// The HTTP request of a query or mutation.
    case request
    /// The real-time connection's opening: AppSync authorizes it as `POST /graphql/connect` with the
    /// body `{}`, and the transport turns the authorized headers into the WebSocket upgrade. The
    /// response is the server's answer to the upgrade (`101`, with its headers).
    case handshake
    /// One AppSync subscription's `start`: authorized as `POST /graphql` with the `start`'s data as
    /// the body; the transport sends the `start` message and the response is the server's
    /// acknowledgement (status `200`, the `start_ack` message as the body). graphql-transport-ws
    /// authorizes its connection only, so its subscriptions have no start phase.
    case start
}
