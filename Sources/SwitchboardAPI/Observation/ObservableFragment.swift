import Observation
import SwitchboardStore

/// A fragment as observable state for a UI: what a view was handed (`ToDoItem_todo(key: todo)`),
/// then the object's newest fields each time a write to the API's record store changes them — the
/// shape of Relay.swift's `@Fragment`.
///
/// ```swift
/// @MainActor final class ToDoRow {
///     let todo: ObservableFragment<ToDoItem_todo>
///
///     init(todo key: some ToDoItem_todo_Key) {
///         todo = ObservableFragment(ToDoItem_todo(key: key))
///     }
///
///     var line: String { (todo.fragment.complete ? "[x] " : "[ ] ") + todo.fragment.text }
/// }
/// ```
///
/// A fragment whose object has no identity in the store (no key fields), or made in code for a
/// preview, stays as it was given. Following stops when the model is released.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class ObservableFragment<Fragment: GraphQLFragment> {
    /// The fragment: as given, then as the store holds its object.
    public private(set) var fragment: Fragment
    /// Why following the object stopped (the store has no API by that name, the fragment lacks a
    /// definition, or a stored value does not decode into it); `nil` while all is well.
    public private(set) var error: (any Error)?

    @ObservationIgnored private let following = WatchingTask()

    /// Follows `fragment`'s object in the record store of `plugin`'s API `apiName` (or of
    /// `Switchboard.API`'s when `plugin` is `nil`). `variables` are the values of the variables
    /// the fragment's field arguments use (those of the operation it was read from).
    public init(
        _ fragment: Fragment, variables: [String: JSONValue] = [:], apiName: String? = nil, plugin: APIPlugin? = nil
    ) {
        self.fragment = fragment
        let store: RecordStore
        do {
            store = try plugin?.store(apiName: apiName) ?? Switchboard.API.store(apiName: apiName)
        } catch {
            self.error = error
            return
        }
        let pointer = fragment.fragmentPointer
        following.replace(
            Task { [weak self] in
                do {
                    guard let key = await store.cacheKey(for: pointer) else { return }
                    for try await newest in try await store.watch(
                        fragment: Fragment.self, from: key, variables: variables)
                    {
                        guard let self else { return }
                        if newest != self.fragment { self.fragment = newest }
                    }
                } catch is CancellationError {
                } catch {
                    self?.error = error
                }
            })
    }

    deinit {
        following.cancel()
    }
}
