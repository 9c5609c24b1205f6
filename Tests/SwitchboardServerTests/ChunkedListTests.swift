import Testing

@testable import SwitchboardServer

/// The in-memory store's ordered entries against a plain sorted array: the same elements in the
/// same order, the same partition points, through thousands of inserts and removals that split
/// and drop chunks.
struct ChunkedListTests {
    /// SplitMix64, so every run makes the same operations.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static func elements(_ list: ChunkedList<Int>) -> [Int] {
        var output: [Int] = []
        list.walk(from: list.startIndex, to: list.endIndex, ascending: true) {
            output.append($0.pointee)
            return true
        }
        return output
    }

    static func reversedElements(_ list: ChunkedList<Int>) -> [Int] {
        var output: [Int] = []
        list.walk(from: list.startIndex, to: list.endIndex, ascending: false) {
            output.append($0.pointee)
            return true
        }
        return output
    }

    /// The offset of `position` from the start, by walking (positions are not integers).
    static func offset(of position: ChunkedList<Int>.Index, in list: ChunkedList<Int>) -> Int {
        var offset = 0
        list.walk(from: list.startIndex, to: position, ascending: true) { _ in
            offset += 1
            return true
        }
        return offset
    }

    /// A list of `count` values below `bound` inserted in sorted order, and the same as an array.
    static func sortedList(count: Int, below bound: Int, using generator: inout Generator) -> (ChunkedList<Int>, [Int])
    {
        var list = ChunkedList<Int>()
        var reference: [Int] = []
        for _ in 0..<count {
            let value = Int.random(in: 0..<bound, using: &generator)
            list.insert(value, at: list.partitionPoint(from: list.startIndex, to: list.endIndex) { $0.pointee > value })
            reference.insert(value, at: reference.firstIndex(where: { $0 > value }) ?? reference.count)
        }
        return (list, reference)
    }

    @Test func staysSortedLikeAnArrayThroughInsertsAndRemovals() {
        var generator = Generator(state: 42)
        var list = ChunkedList<Int>()
        var reference: [Int] = []
        for step in 0..<6_000 {
            let value = Int.random(in: 0..<2_000, using: &generator)
            if step % 3 == 2, !reference.isEmpty {
                // Remove the first element not below `value`, if any.
                let position = list.partitionPoint(from: list.startIndex, to: list.endIndex) { $0.pointee >= value }
                if let index = reference.firstIndex(where: { $0 >= value }) {
                    #expect(list[position] == reference[index])
                    list.remove(at: position)
                    reference.remove(at: index)
                } else {
                    #expect(position == list.endIndex)
                }
            } else {
                let position = list.partitionPoint(from: list.startIndex, to: list.endIndex) { $0.pointee > value }
                list.insert(value, at: position)
                reference.insert(value, at: reference.firstIndex(where: { $0 > value }) ?? reference.count)
            }
            if step % 500 == 0 || step == 5_999 {
                #expect(Self.elements(list) == reference)
                #expect(Self.reversedElements(list) == reference.reversed())
                #expect(list.count == reference.count)
            }
        }
        #expect(reference.count > ChunkedList<Int>.chunkCapacity * 3, "the run must split chunks")
    }

    @Test func partitionPointsStayWithinTheirBounds() {
        var generator = Generator(state: 7)
        let (list, reference) = Self.sortedList(count: 3_000, below: 500, using: &generator)
        for _ in 0..<200 {
            let low = Int.random(in: 0..<250, using: &generator)
            let high = Int.random(in: 250..<500, using: &generator)
            let lowIndex = list.partitionPoint(from: list.startIndex, to: list.endIndex) { $0.pointee >= low }
            let highIndex = list.partitionPoint(from: lowIndex, to: list.endIndex) { $0.pointee > high }
            let probe = Int.random(in: 0..<500, using: &generator)
            let point = list.partitionPoint(from: lowIndex, to: highIndex) { $0.pointee >= probe }
            let lowOffset = reference.firstIndex { $0 >= low } ?? reference.count
            let highOffset = reference.firstIndex { $0 > high } ?? reference.count
            let expected = min(max(reference.firstIndex { $0 >= probe } ?? reference.count, lowOffset), highOffset)
            #expect(Self.offset(of: point, in: list) == expected)
        }
    }

    /// A walk over any range, either way, stopping anywhere, visits what the array's slice holds.
    @Test func walksMatchTheArrayInBothDirections() {
        var generator = Generator(state: 11)
        let (list, reference) = Self.sortedList(count: 3_000, below: 1_000, using: &generator)
        for round in 0..<400 {
            // Bounds on chunk edges (a value's first position) and at the list's own ends.
            var low = Int.random(in: -10..<1_000, using: &generator)
            var high = Int.random(in: low..<1_010, using: &generator)
            if round == 0 { (low, high) = (-1, 2_000) }
            let lowIndex = list.partitionPoint(from: list.startIndex, to: list.endIndex) { $0.pointee >= low }
            let highIndex = list.partitionPoint(from: lowIndex, to: list.endIndex) { $0.pointee > high }
            let slice = reference.filter { $0 >= low && $0 <= high }
            let stop = Int.random(in: 0...(slice.count + 1), using: &generator)
            for ascending in [true, false] {
                var visited: [Int] = []
                list.walk(from: lowIndex, to: highIndex, ascending: ascending) { element in
                    visited.append(element.pointee)
                    return visited.count < stop
                }
                let expected = ascending ? slice : slice.reversed()
                #expect(visited == Array(expected.prefix(max(stop, 1))), "\(low)...\(high) ascending: \(ascending)")
            }
        }
        var empty = ChunkedList<Int>()
        empty.walk(from: empty.startIndex, to: empty.endIndex, ascending: false) { _ in
            Issue.record("visited")
            return true
        }
        empty.insert(1, at: empty.endIndex)
        var seen: [Int] = []
        empty.walk(from: empty.startIndex, to: empty.endIndex, ascending: false) {
            seen.append($0.pointee)
            return true
        }
        #expect(seen == [1])
    }

    @Test func removingEverythingLeavesAnEmptyList() {
        var list = ChunkedList<Int>()
        for value in 0..<1_500 { list.insert(value, at: list.endIndex) }
        list.removeAll { $0 % 2 == 0 }
        #expect(Self.elements(list) == Array(stride(from: 1, to: 1_500, by: 2)))
        list.removeAll { _ in true }
        #expect(list.startIndex == list.endIndex)
        #expect(list.count == 0)
        list.insert(5, at: list.endIndex)
        #expect(Self.elements(list) == [5])
    }
}
