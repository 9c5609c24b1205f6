/// The associations to select beyond the defaults, as paths from the model's root path:
/// `includes: { post in [post.comments] }` (lazy-load form of generated models).
public typealias IncludedAssociations<M: Model> = (ModelPath<M>) -> [any PropertyContainerPath]

/// The three model subscriptions.
public enum GraphQLSubscriptionType: String, Sendable, CaseIterable {
    /// `onCreate<Model>`.
    case onCreate
    /// `onUpdate<Model>`.
    case onUpdate
    /// `onDelete<Model>`.
    case onDelete
}

/// Model-based requests, with the names and shapes of Amplify's `GraphQLRequest` factories:
///
/// ```swift
/// let post = try await Switchboard.API.query(request: .get(Post.self, byId: id)).get()
/// let page = try await Switchboard.API.query(
///     request: .list(Comment.self, where: Comment.keys.post == id, limit: 100)).get()
/// let saved = try await Switchboard.API.mutate(request: .create(todo)).get()
/// ```
extension GraphQLRequest {
    private static func includedPaths<M: Model>(_ type: M.Type, _ includes: IncludedAssociations<M>) -> [[String]] {
        let root = (M.rootPath as? ModelPath<M>) ?? ModelPath<M>()
        return includes(root).map { PropertyPathNames.names(of: $0) }
    }

    /// `query GetM($id: ID!) { getM(id: $id) { … } }`, decoding `M?` (`nil` when not found).
    public static func get<M: Model>(
        _ modelType: M.Type,
        byId id: String,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M?> {
        ModelRequestBuilder.getRequest(
            for: modelType, identifier: [M.schema.primaryKeyFieldNames.first ?? "id": .string(id)], apiName: apiName,
            authMode: authMode, includes: includedPaths(modelType, includes))
    }

    /// `get` by a default (`id`) identifier.
    public static func get<M: Model & ModelIdentifiable>(
        _ modelType: M.Type,
        byIdentifier id: String,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M?> where M.IdentifierFormat == ModelIdentifierFormat.Default {
        get(modelType, byId: id, apiName: apiName, authMode: authMode, includes: includes)
    }

    /// `get` by a custom or composite identifier: `.get(Track.self, byIdentifier: .identifier(albumId: "a", number: 1))`.
    public static func get<M: Model & ModelIdentifiable>(
        _ modelType: M.Type,
        byIdentifier identifier: M.IdentifierProtocol,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M?> {
        var values: [String: JSONValue] = [:]
        for field in identifier.fields { values[field.name] = field.value.graphQLValue }
        return ModelRequestBuilder.getRequest(
            for: modelType, identifier: values, apiName: apiName, authMode: authMode,
            includes: includedPaths(modelType, includes))
    }

    /// `query ListMs($filter: ModelMFilterInput, $limit: Int, $nextToken: String) { listMs(…) { items { … } nextToken } }`,
    /// with `limit` 1000 unless given, `filter` from `predicate`.
    public static func list<M: Model>(
        _ modelType: M.Type,
        where predicate: (any QueryPredicate)? = nil,
        limit: Int? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<List<M>> {
        ModelRequestBuilder.listRequest(
            for: modelType, filter: predicate?.graphQLFilter(for: M.schema), limit: limit, apiName: apiName,
            authMode: authMode, includes: includedPaths(modelType, includes))
    }

    /// ``list(_:where:limit:apiName:authMode:includes:)`` with `limit:` before `where:`, the order
    /// Amplify's model-based-queries design document writes (`.list(Comment.self, limit: 100,
    /// where: Comment.keys.post == post.id)`).
    public static func list<M: Model>(
        _ modelType: M.Type,
        limit: Int,
        where predicate: (any QueryPredicate)? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil
    ) -> GraphQLRequest<List<M>> {
        list(modelType, where: predicate, limit: limit, apiName: apiName, authMode: authMode)
    }

    /// A page of an `@index` query: the items whose partition key is `partitionKey`, narrowed by
    /// `sortKey`, in `sortDirection` order (the server's default, ascending, when `nil`), filtered
    /// by `predicate`, at most `limit` (1000 unless given) per page; further pages load through
    /// the `List` as for ``list(_:where:limit:apiName:authMode:includes:)``.
    ///
    /// ```swift
    /// let best = try await Switchboard.API.query(
    ///     request: .list(Post.self, index: .byCategory, partitionKey: "news", sortKey: .ge(4), sortDirection: .descending)
    /// ).get()
    /// ```
    ///
    /// A sort key condition on an index without sort key, or with more values than it has sort
    /// fields, fails the request before any network I/O.
    public static func list<M: Model>(
        _ modelType: M.Type,
        index: ModelIndexQuery<M>,
        partitionKey: any Persistable,
        sortKey: ModelKeyCondition? = nil,
        sortDirection: ModelSortDirection? = nil,
        where predicate: (any QueryPredicate)? = nil,
        limit: Int? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<List<M>> {
        ModelRequestBuilder.indexQueryRequest(
            for: modelType, index: index, partitionKey: partitionKey.graphQLValue, sortKey: sortKey,
            sortDirection: sortDirection, filter: predicate?.graphQLFilter(for: M.schema), limit: limit,
            apiName: apiName, authMode: authMode, includes: includedPaths(modelType, includes))
    }

    /// `mutation CreateM($input: CreateMInput![, $condition: ModelMConditionInput])`.
    public static func create<M: Model>(
        _ model: M,
        where predicate: (any QueryPredicate)? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M> {
        ModelRequestBuilder.mutationRequest(
            model, kind: .create, condition: predicate, apiName: apiName, authMode: authMode,
            includes: includedPaths(M.self, includes))
    }

    /// `mutation UpdateM($input: UpdateMInput![, $condition: ModelMConditionInput])`; `nil` fields are sent as `null`.
    public static func update<M: Model>(
        _ model: M,
        where predicate: (any QueryPredicate)? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M> {
        ModelRequestBuilder.mutationRequest(
            model, kind: .update, condition: predicate, apiName: apiName, authMode: authMode,
            includes: includedPaths(M.self, includes))
    }

    /// `mutation DeleteM($input: DeleteMInput![, $condition: ModelMConditionInput])`; the input holds only the key.
    public static func delete<M: Model>(
        _ model: M,
        where predicate: (any QueryPredicate)? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M> {
        ModelRequestBuilder.mutationRequest(
            model, kind: .delete, condition: predicate, apiName: apiName, authMode: authMode,
            includes: includedPaths(M.self, includes))
    }

    /// `subscription OnCreateM { onCreateM { … } }`; with `predicate`,
    /// `subscription OnCreateM($filter: ModelSubscriptionMFilterInput) { onCreateM(filter: $filter) { … } }`,
    /// which AppSync's enhanced filtering evaluates on the server, so only matching events arrive:
    ///
    /// ```swift
    /// let urgent = Switchboard.API.subscribe(
    ///     request: .subscription(of: Todo.self, type: .onCreate, where: Todo.keys.priority >= 3))
    /// ```
    ///
    /// AppSync's subscription filters combine fields with `and` and `or` but have no `not` and no
    /// `attributeExists`; a predicate using either fails the subscription before any network I/O.
    ///
    /// With `resync: true`, each reconnect first delivers the changes made while the connection
    /// was down (`onCreate` and `onUpdate`; see ``SubscriptionResync``), each change once.
    public static func subscription<M: Model>(
        of modelType: M.Type,
        type: GraphQLSubscriptionType,
        where predicate: (any QueryPredicate)? = nil,
        apiName: String? = nil,
        authMode: AuthorizationType? = nil,
        resync: Bool = false,
        includes: IncludedAssociations<M> = { _ in [] }
    ) -> GraphQLRequest<M> {
        let filter = predicate?.graphQLFilter(for: M.schema)
        let paths = includedPaths(modelType, includes)
        var request = ModelRequestBuilder.subscriptionRequest(
            of: modelType, kind: type, filter: filter, apiName: apiName, authMode: authMode, includes: paths)
        guard resync else { return request }
        switch ModelRequestBuilder.subscriptionResync(of: modelType, kind: type, filter: filter, includes: paths) {
        case .success(let resync): request.options.resync = resync
        case .failure(let error): request.fail(with: error)
        }
        return request
    }
}
