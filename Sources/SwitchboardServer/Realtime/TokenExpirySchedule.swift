/// The subscribers whose verified tokens expire, earliest expiry first (a binary min-heap): the
/// registry's timer ends each one when its token expires, so that a subscription with no events
/// does not outlive its token, and its client renews it before the next event rather than losing
/// that event to the renewal.
///
/// A subscriber stopped before its expiry stays here until its time comes (the registry skips
/// one that is no longer active); ``compact(keeping:)`` drops such entries, so that churning
/// subscriptions cannot grow the schedule without bound.
/// Generic only so that it is tested without connections.
struct TokenExpirySchedule<Element> {
    private var entries: [(expiry: Double, element: Element)] = []

    /// The number of entries, stopped subscribers' included.
    var count: Int { entries.count }

    /// The earliest expiry, if any.
    var earliest: Double? { entries.first?.expiry }

    /// Adds `element` (a subscriber), which stops being authorized at `expiry` (seconds since 1970).
    mutating func insert(_ element: Element, expiry: Double) {
        entries.append((expiry, element))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].expiry < entries[parent].expiry else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the elements whose expiry is before `now`, earliest first.
    mutating func removeExpired(before now: Double) -> [Element] {
        var expired: [Element] = []
        while let first = entries.first, first.expiry < now {
            expired.append(first.element)
            let last = entries.removeLast()
            guard !entries.isEmpty else { break }
            entries[0] = last
            siftDown(from: 0)
        }
        return expired
    }

    /// Drops the entries for which `isActive` is `false`.
    mutating func compact(keeping isActive: (Element) -> Bool) {
        entries.removeAll { !isActive($0.element) }
        // Any order of a filtered heap is rebuilt bottom-up in linear time.
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            let right = left + 1
            let child = right < entries.count && entries[right].expiry < entries[left].expiry ? right : left
            guard entries[child].expiry < entries[parent].expiry else { return }
            entries.swapAt(child, parent)
            parent = child
        }
    }
}
