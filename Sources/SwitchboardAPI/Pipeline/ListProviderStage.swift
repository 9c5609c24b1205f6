import Foundation

/// Gives the `List`s and `LazyReference`s decoded from a response what they need to load more —
/// the API name, the authorization mode, the request (for the next page of a list that is the
/// whole result) and a weak reference to the plugin that runs the follow-up queries.
///
/// It hands that context to the decoder with the request, so that lists capture it while they
/// decode (no second pass over the result). Nothing holds the plugin strongly, so decoded models
/// never keep it alive and no reference cycle forms.
struct ListProviderStage: GraphQLStage {
    /// The plugin that runs follow-up queries.
    weak var plugin: APIPlugin?

    var name: StageName { .listProvider }

    init(plugin: APIPlugin?) { self.plugin = plugin }

    func handle<R: Decodable & Sendable>(
        _ request: GraphQLOperationRequest<R>, context: OperationContext, next: GraphQLStageNext<R>
    ) async throws -> GraphQLResponseStream<R> {
        var request = request
        request.modelContext = Self.modelContext(for: request, context: context, plugin: plugin)
        return try await next(request, context)
    }

    /// What the lists and lazy references decoded for `request` load more with; the cache stage
    /// decodes the store's data for requests with it too.
    static func modelContext<R>(
        for request: GraphQLOperationRequest<R>, context: OperationContext, plugin: APIPlugin?
    ) -> ModelRequestContext {
        let page =
            request.operationType == .subscription
            ? nil
            : ListPageRequest(
                document: request.request.document, variables: request.request.variables ?? [:],
                decodePath: request.request.decodePath)
        return ModelRequestContext(
            apiName: request.request.apiName ?? context.apiName, authMode: request.request.authMode, page: page,
            plugin: plugin)
    }
}
