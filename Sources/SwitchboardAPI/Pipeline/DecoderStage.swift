import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The last GraphQL-level stage: turns the operation into bytes for the level below, and what comes
/// back into results.
///
/// A query or mutation becomes its HTTP request (`{"query", "variables", "operationName"}`), run
/// through the HTTP-level stages; the response's body is decoded in one pass into the request's
/// type (see ``GraphQLResponseError`` for what a body that is not a plain success becomes). A
/// subscription goes to the API's real-time connection, and each event's payload is decoded when
/// the subscriber takes it, by the subscriber's task.
struct DecoderStage: GraphQLStage {
    var name: StageName { .decoder }

    private let decoder = GraphQLResponseDecoder()

    func handle<R: Decodable & Sendable>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
    ) async throws -> GraphQLResponseStream<R> {
        let userInfo: [CodingUserInfoKey: any Sendable] =
            request.modelContext.map { [ModelRequestContext.userInfoKey: $0] } ?? [:]
        // Only results the store normalizes need to say where their data is.
        let capturesData = request.storeOperation != nil && request.cachePolicy != .fetchIgnoringCacheCompletely
        switch request.operationType {
        case .query, .mutation:
            guard let (chain, _) = next.chainAndTrace else {
                return try await next(request, context)
            }
            var urlRequest = chain.requestTemplate
            urlRequest.httpBody = try request.request.encodedBody()
            for (name, value) in request.request.options.headers {
                urlRequest.setValue(value, forHTTPHeaderField: name)
            }
            let response = try await next.exchange(urlRequest, context)
            try Task.checkCancellation()
            let capture = capturesData ? DataCapture() : nil
            var result = GraphQLResult(
                response: try decoder.decode(
                    response.body, status: response.statusCode, request: request.request, userInfo: userInfo,
                    capture: capture),
                source: .server)
            result.data = capture?.data
            return GraphQLResponseStream(result)
        case .subscription:
            if let error = request.request.variablesError { throw error }
            let decoder = self.decoder
            let graphQLRequest = request.request
            return try await next.subscribe(request, context) { bytes in
                let capture = capturesData ? DataCapture() : nil
                let response: GraphQLResponse<R>
                do throws(APIError) {
                    response = try decoder.decode(
                        Data(bytes), status: 200, request: graphQLRequest, userInfo: userInfo, capture: capture)
                } catch {
                    response = .failure(.transformationError(String(decoding: bytes, as: UTF8.self), error))
                }
                var result = GraphQLResult(response: response, source: .server)
                result.data = capture?.data
                return result
            }
        }
    }
}
