import Foundation
import Testing

@testable import SwitchboardCore

struct SecureRandomTests {
    @Test func uuidStringsAreLowercaseVersion4WithTheRFCVariant() {
        for _ in 0..<2_000 {
            let id = SecureRandom.uuidString()
            let characters = Array(id)
            #expect(characters.count == 36)
            for (offset, character) in characters.enumerated() {
                if [8, 13, 18, 23].contains(offset) {
                    #expect(character == "-", "\(id)")
                } else {
                    #expect("0123456789abcdef".contains(character), "\(id)")
                }
            }
            #expect(characters[14] == "4", "\(id)")
            #expect("89ab".contains(characters[19]), "\(id)")
            // Foundation reads the same text as a UUID.
            #expect(UUID(uuidString: id)?.uuidString.lowercased() == id)
        }
    }

    @Test func idsTakenAtOnceFromManyTasksAreAllDifferent() async {
        let ids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<2_000).map { _ in SecureRandom.uuidString() } }
            }
            var all: [String] = []
            for await batch in group { all += batch }
            return all
        }
        #expect(ids.count == 16_000)
        #expect(Set(ids).count == ids.count)
    }

    /// Requests across several refills of the buffer: every one filled (no run of zeroes a spent
    /// buffer would leave), no two alike, and each bit set about half the time.
    @Test func bytesAcrossRefillsAreFilledAndBalanced() {
        var sizes = [1, 3, 16, SecureRandom.poolSize - 5, SecureRandom.poolSize, 2 * SecureRandom.poolSize + 7]
        sizes += Array(repeating: 37, count: 600)
        var all: [UInt8] = []
        var seen = Set<[UInt8]>()
        for size in sizes {
            let bytes = SecureRandom.bytes(size)
            #expect(bytes.count == size)
            if size >= 16 { #expect(seen.insert(bytes).inserted) }
            all += bytes
        }
        var zeroRun = 0
        var longestZeroRun = 0
        var setBits = [Int](repeating: 0, count: 8)
        for byte in all {
            zeroRun = byte == 0 ? zeroRun + 1 : 0
            longestZeroRun = max(longestZeroRun, zeroRun)
            for bit in 0..<8 where byte & (1 << bit) != 0 { setBits[bit] += 1 }
        }
        // Eight zero bytes in a row come by chance once in 2^64 tries.
        #expect(longestZeroRun < 8)
        // About 35,000 bytes: each bit set 50 % ± 3 % (more than 10 standard deviations).
        for count in setBits {
            #expect(abs(Double(count) / Double(all.count) - 0.5) < 0.03, "\(setBits) of \(all.count)")
        }
    }

    @Test func anEmptyRequestTakesNothing() {
        #expect(SecureRandom.bytes(0).isEmpty)
        SecureRandom.fill(UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }
}
