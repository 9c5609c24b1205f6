/// A sequence kept in the caller's order in chunks of at most ``chunkCapacity`` elements, so that
/// inserting or removing moves one chunk's elements rather than everything after the position.
/// One sorted array made each create cost time in proportion to the table (17% of a create's CPU
/// at 20,000 items, growing with the table); with chunks a write stays flat as tables grow, and
/// reads still find positions by binary search and walk them in either direction.
///
/// Positions are ``Index`` values, valid until the next change. No chunk is ever empty, so the
/// start of an empty list is its end.
struct ChunkedList<Element> {
    /// A position: a chunk and an offset in it; ``endIndex`` is one chunk past the last.
    struct Index: Comparable {
        var chunk: Int
        var offset: Int

        static func < (lhs: Index, rhs: Index) -> Bool {
            lhs.chunk != rhs.chunk ? lhs.chunk < rhs.chunk : lhs.offset < rhs.offset
        }
    }

    /// The most elements in one chunk: a chunk is split in two when an insert passes it. At 512
    /// an insert moves at most a few kilobytes and a table of a million items has 2,000–4,000
    /// chunks.
    static var chunkCapacity: Int { 512 }

    private var chunks: [[Element]] = []

    init() {}

    /// How many elements there are (counted over the chunks).
    var count: Int { chunks.reduce(0) { $0 + $1.count } }

    var startIndex: Index { Index(chunk: 0, offset: 0) }
    var endIndex: Index { Index(chunk: chunks.count, offset: 0) }

    subscript(position: Index) -> Element {
        // Borrowed in place: a reader of one member of an element does not copy the others.
        _read { yield chunks[position.chunk][position.offset] }
    }

    /// The first position in `low..<high` whose element satisfies `predicate`, or `high`;
    /// `predicate` must be false and then true along the whole list (as comparisons with a fixed
    /// value are along a sorted list). Binary search over the chunks, then within one. Elements
    /// are lent in place as ``walk(from:to:ascending:_:)`` lends them (a create's search copied
    /// an entry for each of its 20 or so comparisons).
    func partitionPoint(from low: Index, to high: Index, _ predicate: (UnsafePointer<Element>) -> Bool) -> Index {
        var first = 0
        var last = chunks.count
        while first < last {
            let middle = (first + last) / 2
            // A chunk is never empty: its last element is there.
            let satisfied = chunks[middle].withUnsafeBufferPointer { predicate($0.baseAddress! + ($0.count - 1)) }
            if satisfied { last = middle } else { first = middle + 1 }
        }
        var point = endIndex
        if first < chunks.count {
            point = chunks[first].withUnsafeBufferPointer { elements in
                var lower = 0
                var upper = elements.count - 1  // the last element satisfies the predicate
                while lower < upper {
                    let middle = (lower + upper) / 2
                    if predicate(elements.baseAddress! + middle) { upper = middle } else { lower = middle + 1 }
                }
                return Index(chunk: first, offset: lower)
            }
        }
        return min(max(point, low), high)
    }

    /// Visits the elements of `low..<high` in order, or backwards unless `ascending`, until
    /// `visit` returns `false`. Each chunk's storage is entered once: reading element by element
    /// through positions retained and released a chunk for every element (a third of a page
    /// read's own cost). Elements are lent in place, valid only during `visit`: handing each one
    /// over as a value copied it, retaining and releasing every reference it holds, on memory
    /// that readers on other cores touch at the same time.
    func walk(from low: Index, to high: Index, ascending: Bool, _ visit: (UnsafePointer<Element>) -> Bool) {
        if ascending {
            var chunk = low.chunk
            var start = low.offset
            while chunk < chunks.count && chunk <= high.chunk {
                let end = chunk == high.chunk ? high.offset : Int.max
                let finished = chunks[chunk].withUnsafeBufferPointer { elements in
                    guard let base = elements.baseAddress else { return false }
                    var position = start
                    while position < min(end, elements.count) {
                        if !visit(base + position) { return true }
                        position += 1
                    }
                    return false
                }
                if finished { return }
                chunk += 1
                start = 0
            }
        } else {
            // From the position before `high`: the end of the previous chunk when `high` starts one.
            var chunk = high.offset == 0 ? high.chunk - 1 : high.chunk
            var end = high.offset == 0 ? (chunk >= 0 && chunk < chunks.count ? chunks[chunk].count : 0) : high.offset
            while chunk >= 0 && chunk >= low.chunk {
                let start = chunk == low.chunk ? low.offset : 0
                let finished = chunks[chunk].withUnsafeBufferPointer { elements in
                    guard let base = elements.baseAddress else { return false }
                    var position = end
                    while position > start {
                        position -= 1
                        if !visit(base + position) { return true }
                    }
                    return false
                }
                if finished { return }
                chunk -= 1
                if chunk >= 0 { end = chunks[chunk].count }
            }
        }
    }

    /// Inserts `element` before `position` (``endIndex`` appends).
    mutating func insert(_ element: Element, at position: Index) {
        guard !chunks.isEmpty else {
            chunks = [[element]]
            return
        }
        var chunk = position.chunk
        var offset = position.offset
        if chunk == chunks.count {
            chunk -= 1
            offset = chunks[chunk].count
        }
        chunks[chunk].insert(element, at: offset)
        if chunks[chunk].count > Self.chunkCapacity {
            let upperHalf = Array(chunks[chunk][(Self.chunkCapacity / 2)...])
            chunks[chunk].removeSubrange((Self.chunkCapacity / 2)...)
            chunks.insert(upperHalf, at: chunk + 1)
        }
    }

    /// Removes the element at `position`.
    mutating func remove(at position: Index) {
        chunks[position.chunk].remove(at: position.offset)
        if chunks[position.chunk].isEmpty { chunks.remove(at: position.chunk) }
    }

    /// Removes every element that satisfies `predicate`.
    mutating func removeAll(where predicate: (Element) -> Bool) {
        for index in chunks.indices { chunks[index].removeAll(where: predicate) }
        chunks.removeAll { $0.isEmpty }
    }
}

extension ChunkedList: Sendable where Element: Sendable {}
