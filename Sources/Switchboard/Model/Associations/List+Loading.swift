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

extension List {
    /// Every model of the list, page after page: loads a not-loaded list first, then follows
    /// ``getNextPage()`` while ``hasNextPage()``. The list itself keeps its first page.
    ///
    /// ```swift
    /// for try await comment in post.comments!.allElements { print(comment.content) }
    /// ```
    public var allElements: AllElements { AllElements(list: self) }

    /// The models of a list and of all its following pages, loaded as the iteration reaches them.
    public struct AllElements: AsyncSequence, Sendable {
        /// A model.
        public typealias Element = ModelType
        let list: List<ModelType>

        /// An iterator that loads pages as it goes.
        public func makeAsyncIterator() -> Iterator { Iterator(page: list) }

        /// Walks the current page, then fetches the next one.
        public struct Iterator: AsyncIteratorProtocol {
            var page: List<ModelType>
            var elements: [ModelType]?
            var index = 0

            /// The next model, loading the list or its next page when needed.
            public mutating func next() async throws -> ModelType? {
                while true {
                    if elements == nil {
                        try await page.fetch()
                        elements = page.elements
                    }
                    if let elements, index < elements.count {
                        defer { index += 1 }
                        return elements[index]
                    }
                    guard page.hasNextPage() else { return nil }
                    page = try await page.getNextPage()
                    elements = page.elements
                    index = 0
                }
            }
        }
    }

    /// Loads a not-loaded list and reports the outcome to `completion` (Amplify's callback form).
    public func fetch(completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        Task {
            do {
                try await fetch()
                completion(.success(()))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
