import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rest of the request chain, as seen by a stage: hand it the (possibly changed) request and
/// get back the HTTP response.
typealias RequestChain = @Sendable (URLRequest, OperationContext) async throws -> HTTPTransportResponse

/// One stage on the way out: authorization, interceptors, IAM signing, transport.
///
/// Like Hummingbird's middleware, a stage calls `next` to run everything after it, so it can act
/// before and after the rest of the chain without knowing the other stages.
protocol RequestStage: Sendable {
    /// The stage's name in ``OperationMetrics``.
    var name: String { get }

    /// Handles the request, usually by changing it and passing it to `next`.
    func handle(_ request: URLRequest, context: OperationContext, next: RequestChain) async throws
        -> HTTPTransportResponse
}
