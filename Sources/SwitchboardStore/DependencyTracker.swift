import Switchboard

/// The records a watcher's read depends on: every record it visits, the one it found missing
/// included (the write that adds it should wake the watcher).
///
/// A read that reuses what a ``ReadMemo`` kept starts from the dependencies the watcher had and
/// adds only the records it had not: an object reused whole was visited by the read that made
/// its entry, or its records are added once (see ``ReadMemo/Entry/dependencyEpoch``). Records
/// the watcher no longer shows stay until the watcher builds its dependencies anew.
final class DependencyTracker {
    private(set) var keys: Set<CacheKey>
    /// The records added to those the read started from.
    private(set) var added: [CacheKey] = []
    /// Whether the read builds the dependencies anew.
    let rebuilding: Bool

    /// A tracker starting from `previous`, or building anew when `nil`.
    init(previous: Set<CacheKey>?) {
        keys = previous ?? []
        rebuilding = previous == nil
    }

    @inline(__always)
    func visit(_ key: CacheKey) {
        if keys.insert(key).inserted { added.append(key) }
    }

    /// Adds the records behind an entry the read reused, unless the watcher's dependencies hold
    /// them already.
    @inline(__always)
    func reuse(_ entry: ReadMemo.Entry, of memo: ReadMemo) {
        guard entry.dependencyEpoch != memo.dependencyEpoch else { return }
        entry.forEachRecord { visit($0) }
        entry.dependencyEpoch = memo.dependencyEpoch
    }
}
