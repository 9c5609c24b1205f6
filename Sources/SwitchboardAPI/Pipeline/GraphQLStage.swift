import Foundation

/// A GraphQL-level stage of an API's chain: it sees the typed request on its way in and the stream
/// of results on its way out — to serve from somewhere else, map GraphQL errors, log, or change
/// the request. A query's stream has one result (a cache-and-network read has two, the store's
/// and the server's), a subscription's one per event, a watcher's one per change.
///
/// ```swift
/// struct SignOutOnUnauthorized: GraphQLStage {
///     let name: StageName = "sign-out"
///     func handle<R>(_ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>)
///         async throws -> GraphQLResponseStream<R>
///     {
///         try await next(request, context).map { result in
///             if case .failure(let error) = result.response,
///                 error.graphQLErrors.contains(where: { $0.extensions?["errorType"] == "UnauthorizedException" })
///             {
///                 await Session.shared.signOut()
///             }
///             return result
///         }
///     }
/// }
/// try plugin.add(stage: SignOutOnUnauthorized(), for: "todo", placement: .after(.cache))
/// ```
///
/// GraphQL-level stages sit between ``StageName/cache`` and ``StageName/decoder``: placed after the
/// cache they see what the server sent before the store does, placed before it they see cached
/// results too.
public protocol GraphQLStage: Sendable {
    /// The stage's name: where other stages can be placed, and its entry in ``OperationMetrics``.
    var name: StageName { get }

    /// Handles one operation, usually by returning `try await next(request, context)`, perhaps mapped.
    func handle<R: Decodable & Sendable>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
    ) async throws -> GraphQLResponseStream<R>
}

/// The rest of the chain below a GraphQL-level stage: call it with the (possibly changed) request
/// and get back the stream of results.
public struct GraphQLStageNext<R: Decodable & Sendable>: Sendable {
    private enum Target: Sendable {
        case chain(APIChain, index: Int, trace: OperationTrace?)
        case body(
            @Sendable (GraphQLOperationRequest<R>, OperationContext) async throws -> GraphQLResponseStream<R>)
    }

    private let target: Target

    /// A `next` that runs `body`: for testing a stage on its own.
    public init(
        _ body:
            @escaping @Sendable (GraphQLOperationRequest<R>, OperationContext) async throws
            -> GraphQLResponseStream<R>
    ) {
        target = .body(body)
    }

    /// The GraphQL-level stages of `chain` from `index` on.
    init(chain: APIChain, index: Int, trace: OperationTrace?) {
        target = .chain(chain, index: index, trace: trace)
    }

    /// The chain and the operation's trace, when this is the rest of an API's chain.
    var chainAndTrace: (APIChain, OperationTrace?)? {
        if case .chain(let chain, _, let trace) = target { return (chain, trace) }
        return nil
    }

    /// Runs the rest of the chain on `request`.
    public func callAsFunction(_ request: GraphQLOperationRequest<R>, _ context: OperationContext) async throws
        -> GraphQLResponseStream<R>
    {
        switch target {
        case .body(let body):
            return try await body(request, context)
        case .chain(let chain, let index, let trace):
            return try await chain.run(request, context: context, from: index, trace: trace)
        }
    }
}
