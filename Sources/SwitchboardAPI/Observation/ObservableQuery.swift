import Observation
import SwitchboardCore

/// A query's result as observable state for a UI: the newest data, the last error and whether a
/// fetch is under way, updated by a watcher of the API's record store (`watch(operation:)` or
/// `watch(request:)`) for as long as the model lives.
///
/// SwiftUI views (and anything using `withObservationTracking`) that read its properties update
/// when the query's data changes — after another query, a mutation, a subscription event, an
/// optimistic update or a manual write touches an object it shows.
///
/// ```swift
/// @MainActor final class TodosScreen {
///     let todos = ObservableQuery(operation: TodosQuery())
///
///     var title: String {
///         if let error = todos.error { return "Failed: \(error)" }
///         return todos.data.map { "\($0.listTodos?.items.count ?? 0) to-dos" } ?? "Loading…"
///     }
/// }
/// ```
///
/// Watching starts when the model is made and stops when it is released or ``stop()`` is called.
/// A GraphQL error keeps the data shown and sets ``error``; a transport error also ends the
/// watcher, until ``refetch()``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class ObservableQuery<Value: Sendable> {
    /// The newest data: `nil` until the first result, kept when a later result is an error.
    public private(set) var data: Value?
    /// The error of the newest result, or the one that ended the watcher; `nil` after a success.
    public private(set) var error: (any Error)?
    /// Whether a result is awaited: at first, and after ``refetch()`` until its result arrives.
    public private(set) var isLoading = false

    @ObservationIgnored private let watch:
        @Sendable (CachePolicy) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<Value>>
    @ObservationIgnored private let watching = WatchingTask()

    /// Observes a typed query through `plugin`, or through `Switchboard.API` when `nil`; see
    /// `APIPlugin.watch(operation:cachePolicy:apiName:authMode:options:)` for `cachePolicy`.
    public convenience init<Query: GraphQLQuery>(
        operation: Query, cachePolicy: CachePolicy = .returnCacheDataElseFetch, apiName: String? = nil,
        authMode: AuthorizationType? = nil, options: RequestOptions = RequestOptions(), plugin: APIPlugin? = nil
    ) where Value == Query.Data {
        self.init(cachePolicy: cachePolicy) { policy in
            guard let plugin else {
                return Switchboard.API.watch(
                    operation: operation, cachePolicy: policy, apiName: apiName, authMode: authMode, options: options)
            }
            return plugin.watch(
                operation: operation, cachePolicy: policy, apiName: apiName, authMode: authMode, options: options)
        }
    }

    /// Observes a raw or model-based query (`.list(Todo.self)`) through `plugin`, or through
    /// `Switchboard.API` when `nil`; see `APIPlugin.watch(request:cachePolicy:)`.
    public convenience init(
        request: GraphQLRequest<Value>, cachePolicy: CachePolicy = .returnCacheDataElseFetch, plugin: APIPlugin? = nil
    ) where Value: Decodable {
        self.init(cachePolicy: cachePolicy) { policy in
            guard let plugin else { return Switchboard.API.watch(request: request, cachePolicy: policy) }
            return plugin.watch(request: request, cachePolicy: policy)
        }
    }

    private init(
        cachePolicy: CachePolicy,
        watch: @escaping @Sendable (CachePolicy) -> SwitchboardAsyncThrowingSequence<GraphQLResponse<Value>>
    ) {
        self.watch = watch
        start(cachePolicy)
    }

    deinit {
        watching.cancel()
    }

    /// Fetches the query from the server again (`CachePolicy.fetchIgnoringCacheData`) and goes on
    /// watching: pull-to-refresh, or a retry after an error.
    public func refetch() {
        start(.fetchIgnoringCacheData)
    }

    /// Stops watching; the data and error stay as they are.
    public func stop() {
        watching.cancel()
        isLoading = false
    }

    private func start(_ policy: CachePolicy) {
        isLoading = true
        let results = watch(policy)
        watching.replace(
            Task { [weak self] in
                do {
                    for try await response in results {
                        guard let self else { return }
                        self.show(response)
                    }
                } catch is CancellationError {
                } catch {
                    self?.error = error
                    self?.isLoading = false
                }
            })
    }

    private func show(_ response: GraphQLResponse<Value>) {
        switch response {
        case .success(let value):
            data = value
            error = nil
        case .failure(let failure):
            if case .partial(let value, _) = failure { data = value }
            error = failure
        }
        isLoading = false
    }
}

/// The task an observable model's watcher runs in: replaced on a refetch, cancelled when the
/// model goes away.
final class WatchingTask: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    /// Cancels the running task and keeps `new` instead.
    func replace(_ new: Task<Void, Never>) {
        let old = task.withLock { task in
            defer { task = new }
            return task
        }
        old?.cancel()
    }

    /// Cancels the running task.
    func cancel() {
        task.withLock { $0 }?.cancel()
    }
}
