import Switchboard
import SwitchboardCore

extension RecordStore {
    /// The key of the record a fragment pointer points at (`Todo:t1`), or `nil` when the object
    /// has no identity in this store.
    public func cacheKey(for pointer: FragmentPointer) -> CacheKey? {
        guard let tape = try? Self.tape(ofObject: pointer.object, named: "a fragment pointer") else { return nil }
        var keys = self.keys
        return keys.key(forObjectAt: 0, of: tape.view, typename: pointer.typename)
    }

    /// Reads a fragment from the record `key`, as the store holds it now, or throws
    /// ``RecordStoreError`` naming what is missing. `variables` are the values of the variables the
    /// fragment's field arguments use (those of the operation it was spread in).
    ///
    /// ```swift
    /// let todo = try await store.read(fragment: ToDoItem_todo.self, from: "Todo:t1")
    /// let page = try await store.read(fragment: UserTodos.self, from: "User:u1", variables: ["count": 10])
    /// ```
    public func read<Fragment: GraphQLFragment>(
        fragment: Fragment.Type, from key: CacheKey, variables: [String: JSONValue] = [:]
    ) throws -> Fragment {
        let plan = try Self.plan(of: Fragment.self)
        return try decode(Fragment.self, plan: plan, variables: self.variables(variables), from: key)
    }

    /// Reads a fragment from the record a pointer points at: the newest data of the object a view
    /// was handed, rather than the data decoded with the pointer.
    public func read<Fragment: GraphQLFragment>(
        fragment: Fragment.Type, at pointer: FragmentPointer, variables: [String: JSONValue] = [:]
    ) throws -> Fragment {
        guard let key = cacheKey(for: pointer) else {
            throw RecordStoreError.missingRecord(CacheKey(pointer.typename ?? "?"), path: "")
        }
        return try read(fragment: fragment, from: key, variables: variables)
    }

    /// Writes a fragment's fields (`data`, shaped as the fragment selects them) into the record
    /// `key`, updating every watcher that shows them. `variables` are the values of the variables
    /// the fragment's field arguments use.
    public func write<Fragment: GraphQLFragment>(
        fragment: Fragment.Type, data: JSONValue, to key: CacheKey, variables: [String: JSONValue] = [:]
    ) throws {
        let tape = try Self.tape(ofObject: data, named: "\(Fragment.self)")
        try apply(
            normalize(
                tape, at: 0, plan: try Self.plan(of: Fragment.self), variables: self.variables(variables),
                into: key))
    }

    /// Watches a fragment on the record `key`: yields it now if the store holds all of it, then
    /// whenever a write changes it. Ending the loop or calling `cancel()` removes the watcher.
    /// `variables` are the values of the variables the fragment's field arguments use.
    public func watch<Fragment: GraphQLFragment>(
        fragment: Fragment.Type, from key: CacheKey, variables: [String: JSONValue] = [:]
    ) throws -> SwitchboardAsyncThrowingSequence<Fragment> {
        try watchSequence(
            of: Fragment.self, plan: try Self.plan(of: Fragment.self),
            variables: self.variables(variables),
            root: key)
    }

    private static func plan<Fragment: GraphQLFragment>(of fragment: Fragment.Type) throws -> SelectionPlan {
        var plan = try SelectionPlan.fragment(Fragment.fragmentDefinition)
        plan.possibleTypes = Fragment.possibleTypes
        return plan
    }
}
