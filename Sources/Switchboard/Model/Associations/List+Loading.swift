import Foundation

extension List {
    /// Loads a not-loaded list (one `list` query filtered by the foreign key); does nothing when
    /// the list is loaded.
    public func fetch() async throws {
        let association: ListAssociationReference? = contents.withLock {
            if case .notLoaded(let association) = $0 { return association }
            return nil
        }
        guard let association else { return }
        let filter = association.filter(childSchema: ModelType.schema)
        let page = ListPageRequest.association(of: ModelType.self, filter: filter)
        let loaded = try await load(page: page, nextToken: nil)
        contents.withLock { $0 = loaded.contents.withLock { $0 } }
    }

    /// Whether the server has more models after this page.
    public func hasNextPage() -> Bool { nextToken != nil }

    /// The next page: the same query, filter and limit with this page's `nextToken`.
    public func getNextPage() async throws -> List<ModelType> {
        let (nextToken, source): (String?, ListPageSource) = contents.withLock {
            if case .loaded(_, let nextToken, let source) = $0 { return (nextToken, source) }
            return (nil, .none)
        }
        guard let nextToken else {
            throw ModelError.loadFailed(
                model: ModelType.modelName, reason: "the list has no next page; check hasNextPage() first")
        }
        let page: ListPageRequest
        switch source {
        case .request(let request): page = request
        case .association(let association):
            page = .association(of: ModelType.self, filter: association.filter(childSchema: ModelType.schema))
        case .none: page = .association(of: ModelType.self, filter: nil)
        }
        return try await load(page: page, nextToken: nextToken)
    }

    private func load(page: ListPageRequest, nextToken: String?) async throws -> List<ModelType> {
        let request = page.request(for: ModelType.self, nextToken: nextToken, context: context)
        switch try await loadRunner.query(request) {
        case .success(let list): return list
        case .failure(let failure):
            throw ModelError.loadFailed(model: ModelType.modelName, reason: failure.errorDescription)
        }
    }

    private var loadRunner: ModelRequestContext {
        context ?? ModelRequestContext(apiName: nil, authMode: nil, page: nil, plugin: nil)
    }
}

extension ListPageRequest {
    /// The builder's `list` query for `type` with `filter` and the default limit.
    static func association<M: Model>(of type: M.Type, filter: JSONValue?) -> ListPageRequest {
        let request = ModelRequestBuilder.listRequest(
            for: type, filter: filter, limit: ModelRequestBuilder.defaultListLimit)
        return ListPageRequest(
            document: request.document, variables: request.variables ?? [:], decodePath: request.decodePath)
    }
}

extension List: AsyncSequence {
    /// Iterates over the models, loading a not-loaded list first.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let list: List<ModelType>
        var elements: [ModelType]?
        var index = 0

        /// The next model, after loading the list on the first call.
        public mutating func next() async throws -> ModelType? {
            if elements == nil {
                try await list.fetch()
                elements = list.elements
            }
            guard let elements, index < elements.count else { return nil }
            defer { index += 1 }
            return elements[index]
        }
    }

    /// An iterator that loads the list on first use.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(list: self) }
}
