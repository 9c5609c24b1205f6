import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One stage of the pipeline every operation of an API runs through: it receives the request,
/// may change it, hands it to `next` (the rest of the pipeline, down to the network), and may
/// inspect or change the response `next` returns — or retry, or fail.
///
/// ```swift
/// struct Timing: OperationStage {
///     let name: StageName = "timing"
///     func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
///         -> HTTPTransportResponse
///     {
///         let start = ContinuousClock.now
///         defer { print(context.apiName, ContinuousClock.now - start) }
///         return try await next(request, context)
///     }
/// }
/// try plugin.add(stage: Timing(), for: "todo", placement: .before(.authorization))
/// ```
///
/// Stages run for queries and mutations, and for subscriptions: the real-time handshake runs the
/// whole pipeline (its response is the WebSocket upgrade's `101`), and each AppSync `start`
/// message is authorized by the stages before ``StageName/transport`` (whose request never
/// reaches the network).
public protocol OperationStage: Sendable {
    /// The stage's name: where other stages can be placed, and its entry in ``OperationMetrics``.
    var name: StageName { get }

    /// Handles one request, usually by changing it and returning `try await next(request, context)`.
    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
}

/// The rest of the pipeline, as a stage sees it: pass it the (possibly changed) request and get
/// back the HTTP response.
public typealias OperationStageNext = @Sendable (URLRequest, OperationContext) async throws -> HTTPTransportResponse

/// The name of a pipeline stage. The default pipeline's stages, in the order a request meets them:
/// ``authorization``, ``interceptors``, ``signer``, ``transport``, ``responseInterceptors``; after
/// them come the status check, the decoder and the list provider, which work on the decoded result.
public struct StageName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name as text.
    public let rawValue: String

    /// A stage name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A stage name from a literal, e.g. `"timing"`.
    public init(stringLiteral value: String) { rawValue = value }

    /// The name.
    public var description: String { rawValue }

    /// Adds the API key or the token of the operation's authorization type (and, on a `401`, asks
    /// the token provider for a fresh token and retries once).
    public static let authorization: StageName = "authorization"
    /// The API's request interceptors, in the order added.
    public static let interceptors: StageName = "interceptors"
    /// SigV4 for `AWS_IAM`, after every other change to the request so that every header is signed.
    public static let signer: StageName = "signer"
    /// The network: `.after(.transport)` is closest to it, and sees each response first.
    public static let transport: StageName = "transport"
    /// The API's response interceptors, right after the transport.
    public static let responseInterceptors: StageName = "response-interceptors"
}

/// Where an added stage goes, relative to a named stage.
public enum StagePlacement: Sendable, Hashable {
    /// Just before the named stage: it sees the request before that stage does, and the response
    /// after it.
    case before(StageName)
    /// Just after the named stage: it sees the request after that stage, and the response before it.
    /// `.after(.transport)` sees every response first, before the stages that sent the request.
    case after(StageName)
}
