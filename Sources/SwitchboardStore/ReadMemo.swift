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
final class ReadMemo: @unchecked Sendable {
    /// An object read with a selection set.
    struct Key: Hashable {
        let record: CacheKey
        let selectionSet: ObjectIdentifier
    }

    /// A record and the version it was at when an entry was made.
    struct Stamp {
        let key: CacheKey
        let version: UInt64
    }

    /// What was read of one object: its JSON text, its values by type, and the records behind them.
    final class Entry {
        /// Held so that its identifier, part of the key, cannot be reused by another selection set.
        let selectionSet: PlannedSelectionSet
        /// Every record the object was read from, its own first.
        let stamps: [Stamp]
        var text: [UInt8]?
        /// The values decoded, each in a ``Kept`` of its type (usually one, two for an optional).
        var values: [AnyObject] = []
        /// The read that last used the entry.
        var lastRead: UInt64
        /// The store's content version when the stamps were last found current.
        var checkedAt: UInt64

        init(selectionSet: PlannedSelectionSet, stamps: [Stamp], lastRead: UInt64, checkedAt: UInt64) {
            self.selectionSet = selectionSet
            self.stamps = stamps
            self.lastRead = lastRead
            self.checkedAt = checkedAt
        }

        /// The value decoded as `T`, in its box: compared in place, it is not copied.
        func kept<T>(_ type: T.Type) -> Kept<T>? {
            for kept in values {
                if let kept = kept as? Kept<T> { return kept }
            }
            return nil
        }
    }

    /// A value decoded as `T`. A class cast finds it without copying the value out of an `Any`.
    final class Kept<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }

    private var entries: [Key: Entry] = [:]
    /// The records visited by each object being read, innermost last.
    private var frames: [[Stamp]] = []
    private var read: UInt64 = 0
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

    /// Starts one read.
    func beginRead() {
        read &+= 1
        visitedThisRead = 0
        frames.removeAll(keepingCapacity: true)
        frames.append([])
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
        if !frames.isEmpty { frames[frames.count - 1].append(Stamp(key: key, version: version)) }
    }

    /// The entry kept for `key`, if every record it was read from is still at the version it was
    /// read at; its records join the object being read around it.
    func entry(for key: Key, in view: RecordView) -> Entry? {
        guard let entry = entries[key] else { return nil }
        if entry.checkedAt != view.contentVersion {
            // Checked once per change of the store, however many reads use the entry after it.
            for stamp in entry.stamps where !view.isCurrent(stamp.key, version: stamp.version) { return nil }
            entry.checkedAt = view.contentVersion
        }
        entry.lastRead = read
        visitedThisRead += entry.stamps.count
        if !frames.isEmpty { frames[frames.count - 1].append(contentsOf: entry.stamps) }
        return entry
    }

    /// Reads an object with `body` and keeps what it read in `current` (a current entry that
    /// lacks it), or in a new entry with the records `body` visited.
    func remember<T, Failure: Error>(
        _ key: Key, selectionSet: PlannedSelectionSet, in view: RecordView, current: Entry?,
        keep: (Entry, T) -> Void, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        frames.append([])
        let value: T
        do {
            value = try body()
        } catch {
            frames.removeLast()
            throw error
        }
        let stamps = frames.removeLast()
        if let current {
            // Its records joined the object around it when it was found.
            keep(current, value)
            return value
        }
        if !frames.isEmpty { frames[frames.count - 1].append(contentsOf: stamps) }
        let entry = Entry(selectionSet: selectionSet, stamps: stamps, lastRead: read, checkedAt: view.contentVersion)
        keep(entry, value)
        entries[key] = entry
        return value
    }
}
