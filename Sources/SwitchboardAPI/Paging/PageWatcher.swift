import SwitchboardCore

/// A paginated query watched as one growing list: iterate it for the first page's data — which
/// the record store merges every loaded page into (see `PaginationRule`) — and call
/// ``loadNext()`` to fetch the page after the last one loaded, ``refresh()`` to start again from
/// the first page.
///
/// ```swift
/// let pages = plugin.watchPages(operation: ListTodosQuery(limit: 100)) { data in
///     data.listTodos?.nextToken.map { ListTodosQuery(limit: 100, nextToken: .value($0)) }
/// }
/// Task { for try await response in pages { show(try response.get().listTodos?.items ?? []) } }
/// try await pages.loadNext()          // the watcher yields pages one and two
/// ```
///
/// Loads are one at a time: a ``loadNext()`` or ``refresh()`` while another runs waits for it and
/// then does its own. Ending the iteration or calling ``cancel()`` removes the watcher.
public final class PageWatcher<Value: Sendable>: AsyncSequence, Sendable {
    /// The merged list's data, or the errors of a response for it.
    public typealias Element = GraphQLResponse<Value>

    private let results: SwitchboardAsyncThrowingSequence<GraphQLResponse<Value>>
    private let stored: @Sendable () async throws -> Value
    private let fetchFirst: @Sendable () async throws -> Void
    private let hasPage: @Sendable (Value) -> Bool
    private let fetchAfter: @Sendable (Value) async throws -> Void
    private let loading = PageLoads()

    /// A watcher of `results`, whose pages are read from the store with `stored`, fetched afresh
    /// with `fetchFirst`, and continued after the given data with `fetchAfter` when `hasPage`
    /// says a page follows it.
    init(
        results: SwitchboardAsyncThrowingSequence<GraphQLResponse<Value>>,
        stored: @escaping @Sendable () async throws -> Value,
        fetchFirst: @escaping @Sendable () async throws -> Void,
        hasPage: @escaping @Sendable (Value) -> Bool,
        fetchAfter: @escaping @Sendable (Value) async throws -> Void
    ) {
        self.results = results
        self.stored = stored
        self.fetchFirst = fetchFirst
        self.hasPage = hasPage
        self.fetchAfter = fetchAfter
    }

    /// Fetches the page after the last one loaded; the watcher yields the list with it. Does
    /// nothing once the last page is loaded, or before the first is. Throws the page's error.
    public func loadNext() async throws {
        try await loading.run { [stored, hasPage, fetchAfter] in
            guard let data = try? await stored(), hasPage(data) else { return }
            try await fetchAfter(data)
        }
    }

    /// Whether a page follows the last one loaded (`false` before the first is loaded).
    public var hasNext: Bool {
        get async {
            guard let data = try? await stored() else { return false }
            return hasPage(data)
        }
    }

    /// Fetches the first page again; it replaces the pages loaded so far.
    public func refresh() async throws {
        try await loading.run(fetchFirst)
    }

    /// Removes the watcher; the iteration ends.
    public func cancel() {
        results.cancel()
    }

    /// An iterator of the watcher's results.
    public func makeAsyncIterator() -> SwitchboardAsyncThrowingSequence<GraphQLResponse<Value>>.AsyncIterator {
        results.makeAsyncIterator()
    }
}

/// Runs a watcher's loads one after another.
private actor PageLoads {
    private var last: Task<Void, any Error>?

    func run(_ load: @escaping @Sendable () async throws -> Void) async throws {
        let previous = last
        let task = Task {
            _ = await previous?.result
            try await load()
        }
        last = task
        try await task.value
    }
}
