import Switchboard

extension ReadMemo {
    /// A record and the version it was at when an entry was made.
    struct Stamp {
        let key: CacheKey
        let version: UInt64
    }

    /// What was read of one object: its JSON text, its values by type, the records it read
    /// itself, and the entries of the objects nested in it that it reused or made.
    final class Entry {
        /// Held so that its identifier, part of the key, cannot be reused by another selection set.
        let selectionSet: PlannedSelectionSet
        /// The records the object was read from itself (its own first), not through a nested entry.
        let stamps: [Stamp]
        /// The entries of the objects nested in this one.
        let children: [Entry]
        /// The records behind the entry, nested entries' included, counted with repeats.
        let recordCount: Int
        var text: [UInt8]?
        /// The values decoded, each in a ``Kept`` of its type (usually one, two for an optional).
        var values: [AnyObject] = []
        /// The read that last used the entry.
        var lastRead: UInt64
        /// The store's content version when the entry was last found current.
        var checkedAt: UInt64
        /// The memo's ``ReadMemo/dependencyEpoch`` when the entry's records were last added to
        /// the watcher's dependencies; 0 for an entry a read that tracks none made.
        var dependencyEpoch: UInt64 = 0

        init(selectionSet: PlannedSelectionSet, frame: Frame, lastRead: UInt64, checkedAt: UInt64) {
            self.selectionSet = selectionSet
            stamps = frame.stamps
            children = frame.children
            recordCount = frame.stamps.count + frame.children.reduce(0) { $0 + $1.recordCount }
            self.lastRead = lastRead
            self.checkedAt = checkedAt
        }

        /// Whether every record behind the entry is at the version it was read at: checked once
        /// per change of the store, however many reads use the entry after it.
        func isCurrent(in view: RecordView) -> Bool {
            if checkedAt == view.contentVersion { return true }
            for stamp in stamps where !view.isCurrent(stamp.key, version: stamp.version) { return false }
            for child in children where !child.isCurrent(in: view) { return false }
            checkedAt = view.contentVersion
            return true
        }

        /// Calls `body` with every record behind the entry.
        func forEachRecord(_ body: (CacheKey) -> Void) {
            for stamp in stamps { body(stamp.key) }
            for child in children { child.forEachRecord(body) }
        }

        /// The value decoded as `T`, in its box: compared in place, it is not copied.
        func kept<T>(_ type: T.Type) -> Kept<T>? {
            for kept in values {
                if let kept = kept as? Kept<T> { return kept }
            }
            return nil
        }
    }

    /// What the object being read has visited so far.
    struct Frame {
        var stamps: [Stamp] = []
        var children: [Entry] = []
    }

    /// A value decoded as `T`. A class cast finds it without copying the value out of an `Any`,
    /// and as a constant stored property it is compared in place (see ``isEqual(to:)``).
    final class Kept<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }
}

extension ReadMemo.Kept where T: Equatable {
    /// Whether the kept value equals `other`, compared in place: this code is not specialized for
    /// the app's types, and reading the value out of an `Any` or a computed property would copy it.
    func isEqual(to other: UnsafePointer<T>) -> Bool {
        value == other.pointee
    }
}
