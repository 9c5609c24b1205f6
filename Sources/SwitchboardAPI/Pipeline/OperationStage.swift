import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP-level stage of an API's chain: it receives the request, may change it, hands it to
/// `next` (the rest of the chain, down to the network), and may inspect or change the response
/// `next` returns — or retry, or fail.
///
/// ```swift
/// struct Timing: OperationStage {
///     let name: StageName = "timing"
///     func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
///         -> HTTPTransportResponse
///     {
///         let start = ContinuousClock.now
///         defer { print(context.apiName, context.phase, ContinuousClock.now - start) }
///         return try await next(request, context)
///     }
/// }
/// try plugin.add(stage: Timing(), for: "todo", placement: .before(.authorization))
/// ```
///
/// The HTTP-level stages run for every exchange of every operation, told apart by
/// ``OperationContext/phase``: a query's or mutation's request, a subscription's real-time
/// handshake (the transport opens the WebSocket and returns the server's `101`), and each AppSync
/// subscription `start` (the transport sends it and returns the server's acknowledgement).
public protocol OperationStage: Sendable {
    /// The stage's name: where other stages can be placed, and its entry in ``OperationMetrics``.
    var name: StageName { get }

    /// Handles one request, usually by changing it and returning `try await next(request, context)`.
    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
}

/// The rest of the HTTP-level chain, as a stage sees it: call it with the (possibly changed)
/// request and get back the response.
public struct OperationStageNext: Sendable {
    private enum Target: Sendable {
        case chain(HTTPChain, index: Int, trace: OperationTrace?)
        case body(@Sendable (URLRequest, OperationContext) async throws -> HTTPTransportResponse)
    }

    private let target: Target

    /// A `next` that runs `body`: for testing a stage on its own.
    public init(_ body: @escaping @Sendable (URLRequest, OperationContext) async throws -> HTTPTransportResponse) {
        target = .body(body)
    }

    /// The stages of `chain` from `index` on.
    init(chain: HTTPChain, index: Int, trace: OperationTrace?) {
        target = .chain(chain, index: index, trace: trace)
    }

    /// Runs the rest of the chain on `request`.
    public func callAsFunction(_ request: URLRequest, _ context: OperationContext) async throws
        -> HTTPTransportResponse
    {
        switch target {
        case .body(let body):
            return try await body(request, context)
        case .chain(let chain, let index, let trace):
            return try await chain.run(request, context: context, from: index, trace: trace)
        }
    }
}

/// The name of a stage. The built-in stages of the chain, in the order a query meets them:
///
/// - GraphQL level: ``cache``, ``deduplication``, ``listProvider``, ``decoder``;
/// - HTTP level: ``statusCheck``, ``authorization``, ``interceptors``, ``signer``, ``transport``,
///   with ``responseInterceptors`` closest to the network on the way back.
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

    /// The record store: reads typed queries by their cache policy, writes results, runs watchers
    /// and optimistic updates. The first stage: one placed before it sees cached results too.
    public static let cache: StageName = "cache"
    /// Lets identical queries in flight at the same time share one request (see
    /// `RequestOptions.deduplicates`).
    public static let deduplication: StageName = "deduplication"
    /// Gives the `List`s and `LazyReference`s a response decodes into what they need to load more.
    public static let listProvider: StageName = "list-provider"
    /// Decodes each response into the request's type; the last GraphQL-level stage. Below it the
    /// HTTP-level stages run (a subscription's connection runs them for its handshake and starts).
    public static let decoder: StageName = "decoder"
    /// Turns a response with an unexpected status (not 2xx; not 101 for a handshake) into
    /// `APIError.httpStatusError`; the first HTTP-level stage.
    public static let statusCheck: StageName = "status-check"
    /// Adds the API key or the token of the operation's authorization type (and, on a `401`, asks
    /// the token provider for a fresh token and retries once).
    public static let authorization: StageName = "authorization"
    /// The API's request interceptors, in the order added.
    public static let interceptors: StageName = "interceptors"
    /// SigV4 for `AWS_IAM`, after every other change to the request so that every header is signed.
    public static let signer: StageName = "signer"
    /// The network (the HTTP transport, or the real-time connection): `.after(.transport)` is
    /// closest to it, and sees each response first.
    public static let transport: StageName = "transport"
    /// The API's response interceptors, right after the transport.
    public static let responseInterceptors: StageName = "response-interceptors"
}

/// Where an added stage goes, relative to a named stage of the same level.
public enum StagePlacement: Sendable, Hashable {
    /// Just before the named stage: it sees the request before that stage does, and the response
    /// after it.
    case before(StageName)
    /// Just after the named stage: it sees the request after that stage, and the response before it.
    /// `.after(.transport)` sees every response first, before the stages that sent the request.
    case after(StageName)

    /// The stage it is placed by.
    var anchor: StageName {
        switch self {
        case .before(let name), .after(let name): name
        }
    }
}
