extension APIPlugin {
    /// Watches a paginated typed query as one growing list (see ``PageWatcher``): `operation`
    /// asks for the first page, and `nextPage` gives the query for the page after the data shown
    /// (all pages loaded so far), or `nil` after the last one.
    ///
    /// ```swift
    /// let pages = plugin.watchPages(operation: ListTodosQuery(limit: 100)) { data in
    ///     data.listTodos?.nextToken.map { ListTodosQuery(limit: 100, nextToken: .value($0)) }
    /// }
    /// ```
    ///
    /// The list field's pages merge in the record store by its `PaginationRule`: AppSync's lists
    /// and Relay connections need no configuration.
    public nonisolated func watchPages<Query: GraphQLQuery>(
        operation: Query, apiName: String? = nil, authMode: AuthorizationType? = nil,
        options: RequestOptions = RequestOptions(), nextPage: @escaping @Sendable (Query.Data) -> Query?
    ) -> PageWatcher<Query.Data> {
        PageWatcher(
            results: watch(
                operation: operation, cachePolicy: .returnCacheDataElseFetch, apiName: apiName, authMode: authMode,
                options: options),
            stored: {
                try await self.query(
                    operation: operation, cachePolicy: .returnCacheDataDontFetch, apiName: apiName, authMode: authMode,
                    options: options
                ).get()
            },
            fetchFirst: {
                _ = try await self.query(
                    operation: operation, cachePolicy: .fetchIgnoringCacheData, apiName: apiName, authMode: authMode,
                    options: options
                ).get()
            },
            hasPage: { nextPage($0) != nil },
            fetchAfter: { data in
                guard let next = nextPage(data) else { return }
                _ = try await self.query(
                    operation: next, cachePolicy: .fetchIgnoringCacheData, apiName: apiName, authMode: authMode,
                    options: options
                ).get()
            })
    }

    /// Watches a model list (`.list(Todo.self, limit: 100)`) as one growing list: each
    /// ``PageWatcher/loadNext()`` fetches the page after the list's `nextToken` and the watcher
    /// yields the `List` with every page loaded so far.
    public nonisolated func watchPages<M: Model>(request: GraphQLRequest<List<M>>) -> PageWatcher<List<M>> {
        let next = { @Sendable (list: List<M>) -> GraphQLRequest<List<M>>? in
            guard let token = list.nextToken else { return nil }
            var page = request
            page.variables = (request.variables ?? [:]).merging(["nextToken": .string(token)]) { $1 }
            return page
        }
        return PageWatcher(
            results: watch(request: request, cachePolicy: .returnCacheDataElseFetch),
            stored: { try await self.query(request: request, cachePolicy: .returnCacheDataDontFetch).get() },
            fetchFirst: { _ = try await self.query(request: request, cachePolicy: .fetchIgnoringCacheData).get() },
            hasPage: { next($0) != nil },
            fetchAfter: { list in
                guard let page = next(list) else { return }
                _ = try await self.query(request: page, cachePolicy: .fetchIgnoringCacheData).get()
            })
    }
}
