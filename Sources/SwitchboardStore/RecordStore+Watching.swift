import Switchboard
import SwitchboardCore

extension RecordStore {
    /// Watches an operation's data in the store: yields it now if the store holds all of it, then
    /// again whenever a write (a query, a mutation, a subscription event, an optimistic update or
    /// a manual change) changes it. While data is missing the sequence stays silent. Ending the
    /// loop or calling `cancel()` removes the watcher.
    ///
    /// ```swift
    /// for try await data in try await store.watch(operation: TodoQuery(id: "1")) {
    ///     render(data.getTodo)
    /// }
    /// ```
    public func watch<Operation: GraphQLOperation>(operation: Operation) throws
        -> SwitchboardAsyncThrowingSequence<Operation.Data>
    {
        let (plan, variables) = try inputs(of: StoreOperation(operation))
        return try watchSequence(of: Operation.Data.self, plan: plan, variables: variables, root: plan.rootKey)
    }

    /// A sequence of `Value`s decoded from a new watcher's reads: only complete data, the newest
    /// one waiting while the consumer is busy; its end removes the watcher.
    func watchSequence<Value: Decodable & Sendable>(
        of type: Value.Type, plan: SelectionPlan, variables: PlanVariables, root: CacheKey
    ) throws -> SwitchboardAsyncThrowingSequence<Value> {
        if let equatable = Value.self as? any (Decodable & Sendable & Equatable).Type {
            func watch<Equatable: Decodable & Sendable & Swift.Equatable>(_ type: Equatable.Type) throws -> Any {
                try watchValues(of: type, plan: plan, variables: variables, root: root)
            }
            return try watch(equatable) as! SwitchboardAsyncThrowingSequence<Value>
        }
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let memo = ReadMemo(root: plan.root, variables: variables, rootKey: root)
        // Decoded from the records with the values of unchanged objects reused, not from the text.
        let decoded: DecodedDelivery = { store in
            do {
                continuation.yield(
                    try store.decode(Value.self, plan: plan, variables: variables, from: root, memo: memo))
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let id = try addWatcher(
            plan: plan, variables: variables, root: root, memo: memo, deliverDecoded: decoded, deliver: { _ in })
        return sequence(stream, continuation, removing: id)
    }

    /// The sequence of a watcher's stream, removing the watcher when it ends.
    func sequence<Value>(
        _ stream: AsyncThrowingStream<Value, any Error>,
        _ continuation: AsyncThrowingStream<Value, any Error>.Continuation,
        removing id: UInt64
    ) -> SwitchboardAsyncThrowingSequence<Value> {
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.removeWatcher(id) }
        }
        return SwitchboardAsyncThrowingSequence(stream: stream, continuation: continuation)
    }

    /// Registers a watcher of `operation`, delivers its current data (or miss) at once, and
    /// returns its identifier.
    package func addWatcher(for operation: StoreOperation, deliver: @escaping WatcherDelivery) throws -> UInt64 {
        let (plan, variables) = try inputs(of: operation)
        return try addWatcher(plan: plan, variables: variables, root: plan.rootKey, deliver: deliver)
    }

    /// Registers a watcher of `plan` read on the record `root`, delivers its current data (or
    /// miss) at once, and returns its identifier.
    func addWatcher(
        plan: SelectionPlan, variables: PlanVariables, root: CacheKey, memo: ReadMemo? = nil,
        deliverDecoded: DecodedDelivery? = nil, valueRead: ValueRead? = nil, deliver: @escaping WatcherDelivery
    ) throws -> UInt64 {
        guard watchers.count < configuration.maximumWatchers else {
            throw RecordStoreError.tooManyWatchers(limit: configuration.maximumWatchers)
        }
        var watcher = Watcher(
            plan: plan, variables: variables, root: root, dependencies: [], last: nil, deliver: deliver,
            memo: memo ?? ReadMemo(root: plan.root, variables: variables, rootKey: root),
            deliverDecoded: deliverDecoded, valueRead: valueRead)
        let result = reread(&watcher)
        let id = watchers.add(watcher)
        tell(watcher, result)
        return id
    }

    /// Gives a watcher the result of its read.
    private func tell(_ watcher: Watcher, _ result: Result<[UInt8], RecordStoreError>) {
        if case .success = result, let decoded = watcher.deliverDecoded {
            decoded(self)
        } else {
            watcher.deliver(result)
        }
    }

    /// Stops a watcher.
    package func removeWatcher(_ id: UInt64) {
        watchers.remove(id)
    }

    /// The number of active watchers.
    public var watcherCount: Int { watchers.count }

    /// The objects the watchers' memos keep, for tests of their bound.
    package var memoEntryCount: Int { watchers.entries.values.reduce(0) { $0 + $1.memo.count } }

    /// Reads every watcher that depends on a changed record again, and tells those whose data
    /// changed, or that just lost data.
    func notifyWatchers(of changed: Set<CacheKey>) {
        guard !changed.isEmpty, watchers.count > 0, !deferNotification(of: changed) else { return }
        for id in watchers.watchers(dependingOn: changed) {
            var delivery: Result<[UInt8], RecordStoreError>?
            watchers.update(id) { watcher in
                let previous = watcher.last
                let missedBefore = watcher.lastMissed
                let result = reread(&watcher)
                switch result {
                case .success(let bytes) where bytes != previous: delivery = result
                case .failure where !missedBefore: delivery = result
                default: break
                }
            }
            if let delivery, let watcher = watchers.entries[id] { tell(watcher, delivery) }
        }
    }

    /// Reads a watcher's data and updates its dependencies and last result.
    ///
    /// Reusing what its memo kept, a read adds the records it newly visits to the dependencies it
    /// had (objects it reuses were visited by earlier reads) rather than building them again, so
    /// records it no longer shows stay dependencies until they outnumber the others: then the
    /// next read builds them anew.
    private func reread(_ watcher: inout Watcher) -> Result<[UInt8], RecordStoreError> {
        let tracker = dependencyTracker(for: &watcher)
        // Before any view of the records is taken: the decode touches the records it reads, and a
        // view alive then would copy them all.
        if let valueRead = watcher.valueRead { return reread(&watcher, with: valueRead, tracker: tracker) }
        var reader = RecordReader(
            view: view(), variables: watcher.variables, possibleTypes: possibleTypes(for: watcher.plan),
            redirects: redirects, memo: watcher.memo, tracker: tracker)
        watcher.memo.beginRead(dependencies: tracker)
        defer { watcher.memo.endRead() }
        let result: Result<[UInt8], RecordStoreError>
        do {
            try reader.read(watcher.plan.root, from: watcher.root)
            watcher.last = reader.bytes
            watcher.lastMissed = false
            result = .success(reader.bytes)
        } catch {
            // The records read up to the miss stay dependencies, and so does the missing one:
            // the write that fills it in is the one that should wake the watcher.
            watcher.last = nil
            watcher.lastMissed = true
            result = .failure(error)
        }
        watcher.noteDependencies(of: tracker)
        return result
    }

    /// The tracker of a watcher's next read: from the dependencies it has, or building them anew
    /// when they are mostly records it no longer shows, or when the read cannot reuse entries.
    func dependencyTracker(for watcher: inout Watcher) -> DependencyTracker {
        let rebuild = !readsAllowMemo || watcher.dependencies.count > 2 * watcher.dependenciesAtRebuild + 64
        if rebuild { watcher.dependencyChange = .replaced(old: watcher.dependencies) }
        return DependencyTracker(previous: rebuild ? nil : watcher.takeDependencies())
    }
}
