import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The last HTTP-level stage: the network. A query's or mutation's request goes through the
/// ``HTTPTransport`` (transport failures become `APIError.networkError`, cancellation
/// `CancellationError`); a subscription's handshake and starts go to its real-time connection.
struct TransportStage: OperationStage {
    let transport: any HTTPTransport
    /// Responses larger than this fail instead of being decoded.
    let maximumResponseBytes: Int

    var name: StageName { .transport }

    func handle(_ request: URLRequest, context: OperationContext, next: OperationStageNext) async throws
        -> HTTPTransportResponse
    {
        try Task.checkCancellation()
        switch context.phase {
        case .request:
            return try await withinTimeout(of: context, request) { try await exchange(request) }
        case .handshake, .start:
            guard let realtime = context.realtime else {
                throw APIError.operationError(
                    "A \(context.phase.rawValue) ran without its real-time connection.",
                    "Real-time phases are run by the API's subscriptions only.")
            }
            return try await withinTimeout(of: context, request) {
                try await realtime.exchange(request, context: context)
            }
        }
    }

    /// Runs `exchange` within the operation's own ``RequestOptions/timeout``, when it has one.
    private func withinTimeout(
        of context: OperationContext, _ request: URLRequest,
        _ exchange: @escaping @Sendable () async throws -> HTTPTransportResponse
    ) async throws -> HTTPTransportResponse {
        guard let timeout = context.options.timeout else { return try await exchange() }
        var target = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        // Real-time URLs carry the authorization in their query.
        target?.query = nil
        return try await withRequestDeadline(
            timeout, setting: "RequestOptions.timeout",
            target: target?.string ?? context.endpoint.endpoint.absoluteString,
            exchange)
    }

    private func exchange(_ request: URLRequest) async throws -> HTTPTransportResponse {
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            if Task.isCancelled || error is CancellationError || (error as? URLError)?.code == .cancelled {
                throw CancellationError()
            }
            if let error = error as? APIError { throw error }
            let target = request.url?.absoluteString ?? "the endpoint"
            throw APIError.networkError("The request to \(target) failed: \(error.localizedDescription)", error)
        }
        if response.body.count > maximumResponseBytes {
            throw APIError.operationError(
                "The response is \(response.body.count) bytes, more than the limit of \(maximumResponseBytes).",
                "Select fewer fields or paginate, or raise APIPlugin's maximumResponseBytes."
            )
        }
        return response
    }
}

/// Where the transport stage sends a subscription's real-time phases: the connection, which turns
/// the authorized request into the WebSocket upgrade (handshake) or a `start` message, and returns
/// the server's answer.
protocol RealtimeExchange: Sendable {
    func exchange(_ request: URLRequest, context: OperationContext) async throws -> HTTPTransportResponse
}
