import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One API's chain, built once when the API is configured or a stage, interceptor or token
/// provider is added, and shared by every operation on the API:
///
/// ```text
/// GraphQL level   cache → (your GraphQLStages) → deduplication → list-provider → decoder
/// HTTP level      status-check → authorization → interceptors → signer → (your OperationStages)
///                 → response-interceptors → transport
/// ```
///
/// A query or mutation runs the GraphQL-level stages; the decoder runs the HTTP-level stages on the
/// request's HTTP exchange. A subscription runs the GraphQL-level stages too; the decoder hands it
/// to the real-time connection, which runs the HTTP-level stages on its handshake and on each
/// AppSync `start` (``OperationContext/phase`` tells the runs apart).
final class APIChain: Sendable {
    /// The GraphQL-level stages, outermost first; the decoder is the last.
    let graphQLStages: [any GraphQLStage]
    /// The HTTP-level stages.
    let http: HTTPChain
    /// The subscriptions' real-time connections (the plugin's, shared by its chains).
    let realtime: RealtimeConnections
    /// The request before its body: URL, method and the headers every operation sends.
    let requestTemplate: URLRequest

    init(
        graphQLStages: [any GraphQLStage], http: HTTPChain, realtime: RealtimeConnections, requestTemplate: URLRequest
    ) {
        self.graphQLStages = graphQLStages
        self.http = http
        self.realtime = realtime
        self.requestTemplate = requestTemplate
    }

    /// Runs `request` through the GraphQL-level stages from `index` on.
    func run<R>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, from index: Int, trace: OperationTrace?
    ) async throws -> GraphQLResponseStream<R> {
        guard index < graphQLStages.count else {
            throw APIError.operationError(
                "The GraphQL-level stage before the end called next: nothing follows the decoder at that level.",
                "Only the decoder ends the GraphQL level; a stage placed by add(stage:for:placement:) must be placed before it."
            )
        }
        let stage = graphQLStages[index]
        let next = GraphQLStageNext<R>(chain: self, index: index + 1, trace: trace)
        guard let trace, trace.recordsTimings else {
            return try await stage.handle(request, context: context, next: next)
        }
        let start = ContinuousClock.now
        defer { trace.record(stage.name.rawValue, inclusive: ContinuousClock.now - start) }
        return try await stage.handle(request, context: context, next: next)
    }

    /// A `POST` to `endpoint` with the headers every operation sends, and no body yet.
    static func requestTemplate(for endpoint: URL, userAgent: String) -> URLRequest {
        var urlRequest = URLRequest(url: endpoint)
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "content-type")
        urlRequest.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "accept")
        urlRequest.setValue(userAgent, forHTTPHeaderField: "user-agent")
        return urlRequest
    }
}

/// The HTTP-level stages of one API, outermost first; the transport is the last.
final class HTTPChain: Sendable {
    let stages: [any OperationStage]

    init(stages: [any OperationStage]) {
        self.stages = stages
    }

    /// Runs `request` through the stages from `index` on.
    func run(_ request: URLRequest, context: OperationContext, from index: Int = 0, trace: OperationTrace?) async throws
        -> HTTPTransportResponse
    {
        guard index < stages.count else {
            throw APIError.operationError(
                "An HTTP-level stage called next after the transport, which ends the chain.",
                "The transport is the last HTTP-level stage.")
        }
        let stage = stages[index]
        let next = OperationStageNext(chain: self, index: index + 1, trace: trace)
        guard let trace else { return try await stage.handle(request, context: context, next: next) }
        let start = trace.recordsTimings ? ContinuousClock.now : nil
        defer { if let start { trace.record(stage.name.rawValue, inclusive: ContinuousClock.now - start) } }
        let response = try await stage.handle(request, context: context, next: next)
        // The transport's answer, before any stage changed it: the status the log line names.
        if index == stages.count - 1 { trace.httpStatus = response.statusCode }
        return response
    }
}

extension GraphQLStageNext {
    /// Below the GraphQL level, for the decoder: the HTTP-level stages on `request`.
    func exchange(_ request: URLRequest, _ context: OperationContext) async throws -> HTTPTransportResponse {
        guard let (chain, trace) = chainAndTrace else {
            throw APIError.operationError(
                "The decoder ran outside an API's chain.", "Run operations through APIPlugin or Switchboard.API.")
        }
        return try await chain.http.run(request, context: context, trace: trace)
    }

    /// Below the GraphQL level, for the decoder: the subscription's events from the real-time
    /// connection, each payload turned into a result by `decode` as it is taken.
    func subscribe(
        _ request: GraphQLOperationRequest<R>, _ context: OperationContext,
        decode: @escaping @Sendable ([UInt8]) -> GraphQLResult<R>
    ) async throws -> GraphQLResponseStream<R> {
        guard let (chain, _) = chainAndTrace else {
            throw APIError.operationError(
                "The decoder ran outside an API's chain.", "Run operations through APIPlugin or Switchboard.API.")
        }
        return try await chain.realtime.subscribe(request, context: context, chain: chain, decode: decode)
    }
}
