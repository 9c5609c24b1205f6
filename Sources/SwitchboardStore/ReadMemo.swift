import Switchboard

/// What the reads of one watched selection keep between them: for each object with an identity,
/// the JSON text read from it and the values decoded from it, with the versions of the records
/// they came from. A read after a change then reads and decodes only the objects whose records
/// changed: appending one item to a watched list of a thousand decodes one item, not a thousand.
///
/// Kept by a watcher, used by its reads and by reads and updates of the same selection with the
/// same variables (a transaction's `update` of the watched query), and only while no optimistic
/// layer or time to live is in force (see ``RecordView/allowsMemo``). It holds an entry per object
/// the last reads visited, and drops the others once they outnumber those (see ``endRead()``).
///
/// Confined to the store's actor, which is the only code that holds one.
// Unchecked: only the store's actor holds a memo (in its watchers and its reads) and uses it.
final class ReadMemo: @unchecked Sendable {
    /// An object read with a selection set.
    struct Key: Hashable {
        let record: CacheKey
        let selectionSet: ObjectIdentifier
    }

    private var entries: [Key: Entry] = [:]
    /// What each object being read has visited, innermost last.
    private var frames: [Frame] = []
    private var read: UInt64 = 0
    /// Changes each time the watcher builds its dependencies anew (see ``DependencyTracker``).
    private(set) var dependencyEpoch: UInt64 = 1
    /// Whether the current read tracks the watcher's dependencies.
    private var tracking = false
    /// The records the current read visited, those behind the entries it used included.
    private var visitedThisRead = 0

    /// The plan's root selection set, variables and root record the memo's reads are of.
    let root: PlannedSelectionSet
    let variables: PlanVariables
    let rootKey: CacheKey

    init(root: PlannedSelectionSet, variables: PlanVariables, rootKey: CacheKey) {
        self.root = root
        self.variables = variables
        self.rootKey = rootKey
    }

    /// Whether this memo's reads are of `plan` with `variables` on `rootKey`.
    func matches(_ plan: SelectionPlan, variables: PlanVariables, rootKey: CacheKey) -> Bool {
        root === plan.root && self.rootKey == rootKey && self.variables.hasSameValues(as: variables)
    }

    var count: Int { entries.count }

    /// Starts one read; `dependencies` tracks the watcher's dependencies, if the read is the
    /// watcher's.
    func beginRead(dependencies: DependencyTracker? = nil) {
        tracking = dependencies != nil
        if dependencies?.rebuilding == true { dependencyEpoch &+= 1 }
        read &+= 1
        visitedThisRead = 0
        frames.removeAll(keepingCapacity: true)
        frames.append(Frame())
    }

    /// Ends a read: when the entries outnumber the records the read visited twice over (objects
    /// gone from the lists it shows), those the last four reads did not use are dropped. Four, as
    /// a watcher's read of JSON text, its decode and an update's read follow each other, and an
    /// entry used whole does not touch the entries nested in it.
    func endRead() {
        frames.removeAll(keepingCapacity: true)
        guard entries.count > 2 * visitedThisRead + 256 else { return }
        let recent = read &- 3
        entries = entries.filter { $0.value.lastRead >= recent }
    }

    /// Notes that the object being read visited the record `key` at `version`.
    @inline(__always)
    func noteVisit(_ key: CacheKey, version: UInt64) {
        visitedThisRead += 1
        if !frames.isEmpty { frames[frames.count - 1].stamps.append(Stamp(key: key, version: version)) }
    }

    /// The entry kept for `key`, if every record it was read from is still at the version it was
    /// read at; its records join the object being read around it.
    func entry(for key: Key, in view: RecordView) -> Entry? {
        guard let entry = entries[key], entry.isCurrent(in: view) else { return nil }
        entry.lastRead = read
        visitedThisRead += entry.recordCount
        if !frames.isEmpty { frames[frames.count - 1].children.append(entry) }
        return entry
    }

    /// Reads an object with `body` and keeps what it read in `current` (a current entry that
    /// lacks it), or in a new entry with the records `body` visited.
    func remember<T, Failure: Error>(
        _ key: Key, selectionSet: PlannedSelectionSet, in view: RecordView, current: Entry?,
        keep: (Entry, T) -> Void, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        frames.append(Frame())
        let value: T
        do {
            value = try body()
        } catch {
            frames.removeLast()
            throw error
        }
        let frame = frames.removeLast()
        if let current {
            // It joined the object around it when it was found.
            keep(current, value)
            return value
        }
        let entry = Entry(selectionSet: selectionSet, frame: frame, lastRead: read, checkedAt: view.contentVersion)
        if !frames.isEmpty { frames[frames.count - 1].children.append(entry) }
        // The read visited its records, or added those of the entries it reused.
        if tracking { entry.dependencyEpoch = dependencyEpoch }
        keep(entry, value)
        entries[key] = entry
        return value
    }
}
