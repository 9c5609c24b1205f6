import Foundation

/// What lists and lazy references decoded from one response need to load more: the API and
/// authorization mode of the request, the plugin that ran it, and — for a list that is the whole
/// result — the request itself, so that the next page repeats it with a `nextToken`.
///
/// The API plugin's list-provider stage puts it into the decoder's `userInfo`. The plugin is held
/// weakly, so models never keep a plugin alive and no reference cycle can form; when it is gone,
/// loads go through `Switchboard.API`.
package struct ModelRequestContext: Sendable {
    /// The `userInfo` key the context is stored under.
    package static let userInfoKey = CodingUserInfoKey(rawValue: "switchboard.modelRequestContext")!

    /// The API the response came from.
    package var apiName: String? { storage.apiName }
    /// The authorization mode of the request.
    package var authMode: AuthorizationType? { storage.authMode }
    /// The request that produced the response.
    package var page: ListPageRequest? { storage.page }
    private var plugin: PluginReference? { storage.plugin }
    /// One reference, because every list and lazy reference of a response keeps a copy: copying a
    /// reference is cheaper than retaining each field.
    private let storage: Storage

    /// A context for a response to `request`, loading through `plugin`.
    package init(
        apiName: String?, authMode: AuthorizationType?, page: ListPageRequest?,
        plugin: (any APICategoryPlugin & AnyObject)?
    ) {
        storage = Storage(apiName: apiName, authMode: authMode, page: page, plugin: plugin.map(PluginReference.init))
    }

    private final class Storage: Sendable {
        let apiName: String?
        let authMode: AuthorizationType?
        let page: ListPageRequest?
        let plugin: PluginReference?

        init(apiName: String?, authMode: AuthorizationType?, page: ListPageRequest?, plugin: PluginReference?) {
            self.apiName = apiName
            self.authMode = authMode
            self.page = page
            self.plugin = plugin
        }
    }

    /// The context of the decoder, if the response came through the API plugin: the decoding
    /// session's (one task-local read instead of a `userInfo` lookup per model), else `userInfo`'s.
    static func of(_ decoder: any Decoder) -> ModelRequestContext? {
        if let session = ModelDecodingSession.current { return session.context }
        return decoder.userInfo[userInfoKey] as? ModelRequestContext
    }

    /// Runs a follow-up query through the plugin, or `Switchboard.API` when it is gone.
    func query<R: Decodable & Sendable>(_ request: GraphQLRequest<R>) async throws -> GraphQLResponse<R> {
        if let plugin = plugin?.plugin { return try await plugin.query(request: request) }
        return try await Switchboard.API.query(request: request)
    }
}

/// A weak reference to the plugin, so that decoded models never keep it alive.
private final class PluginReference: Sendable {
    weak let plugin: (any APICategoryPlugin & AnyObject)?

    init(_ plugin: any APICategoryPlugin & AnyObject) { self.plugin = plugin }
}

/// A list query to repeat for further pages: the document, its variables without `nextToken`,
/// and the decode path of the list.
package struct ListPageRequest: Sendable {
    /// The GraphQL document.
    package let document: String
    /// The variables of the first page.
    package let variables: [String: JSONValue]
    /// Where the list is in `data`.
    package let decodePath: String?

    /// Creates a page request.
    package init(document: String, variables: [String: JSONValue], decodePath: String?) {
        self.document = document
        self.variables = variables
        self.decodePath = decodePath
    }

    /// The request for the page after `nextToken` (or the first page).
    func request<M: Model>(
        for type: M.Type, nextToken: String?, context: ModelRequestContext?
    ) -> GraphQLRequest<List<M>> {
        var variables = self.variables
        variables["nextToken"] = nextToken.map(JSONValue.string)
        return GraphQLRequest(
            apiName: context?.apiName, document: document, variables: variables, responseType: List<M>.self,
            decodePath: decodePath, authMode: context?.authMode)
    }
}
