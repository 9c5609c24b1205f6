import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The end of an operation's pipeline: sends the request through the ``HTTPTransport``, turning
/// transport failures into `APIError.networkError` and cancellation into `CancellationError`.
struct TransportStage: Sendable {
    let transport: any HTTPTransport
    /// Responses larger than this fail instead of being decoded.
    let maximumResponseBytes: Int

    /// The pipeline's last step, as the `next` of the stage closest to the network.
    var send: OperationStageNext {
        { request, _ in try await self.exchange(request) }
    }

    private func exchange(_ request: URLRequest) async throws -> HTTPTransportResponse {
        try Task.checkCancellation()
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
