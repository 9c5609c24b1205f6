import Foundation

/// The last stage: gives the `List`s and `LazyReference`s decoded from the response what they need
/// to load more — the API name, the authorization mode, the request (for the next page of a list
/// that is the whole result) and a weak reference to the plugin that runs the follow-up queries.
///
/// The context goes into the decoder's `userInfo` before decoding, so that lists capture it while
/// they decode (no second pass over the result). Nothing holds the plugin strongly, so decoded
/// models never keep it alive and no reference cycle forms.
struct ListProviderStage: ResponseStage {
    /// The plugin that runs follow-up queries.
    weak var plugin: APIPlugin?

    var name: String { "list-provider" }

    init(plugin: APIPlugin?) { self.plugin = plugin }

    func prepareDecoding<R>(
        _ userInfo: inout [CodingUserInfoKey: any Sendable],
        request: GraphQLRequest<R>,
        context: OperationContext
    ) {
        let page = ListPageRequest(
            document: request.document, variables: request.variables ?? [:], decodePath: request.decodePath)
        userInfo[ModelRequestContext.userInfoKey] = ModelRequestContext(
            apiName: request.apiName ?? context.apiName, authMode: request.authMode, page: page, plugin: plugin)
    }
}
