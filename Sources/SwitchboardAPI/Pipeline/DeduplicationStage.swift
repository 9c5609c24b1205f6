import Foundation

/// Identical queries in flight at the same time make one request: a query that asks for what an
/// unfinished one already asked for — same API and authorization, document, variables, operation
/// name, request headers and result type — waits for that one's result instead of sending its own.
///
/// It sits below the cache stage, so that store hits never wait, and above the list provider and
/// the decoder, so that the request goes through the HTTP-level stages once. Mutations and
/// subscriptions are never shared, nor queries that opt out (``RequestOptions/deduplicates``) or
/// carry a ``RequestOptions/context`` (a stage may treat them differently).
struct DeduplicationStage: GraphQLStage {
    let inFlight: InFlightQueries

    var name: StageName { .deduplication }

    func handle<R: Decodable & Sendable>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
    ) async throws -> GraphQLResponseStream<R> {
        let options = request.request.options
        guard request.operationType == .query, options.deduplicates, options.context == nil,
            request.request.variablesError == nil
        else {
            return try await next(request, context)
        }
        let key = InFlightQueries.Key(
            apiName: context.apiName, authorization: context.authorizationType, document: request.request.document,
            variables: request.request.variables.map { JSONValue.object($0).jsonText } ?? "",
            operationName: request.request.operationName, headers: options.headers,
            decodePath: request.request.decodePath, resultType: ObjectIdentifier(R.self),
            capturesData: request.storeOperation != nil && request.cachePolicy != .fetchIgnoringCacheCompletely)
        let result = try await inFlight.result(for: key) { () async throws -> GraphQLResult<R> in
            guard let result = try await next(request, context).last() else {
                throw APIError.operationError(
                    "The query ended without a result: a stage returned an empty stream.",
                    "GraphQL-level stages must pass on at least one result for a query.")
            }
            return result
        }
        return GraphQLResponseStream(result)
    }
}
