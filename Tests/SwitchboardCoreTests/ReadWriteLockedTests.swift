import Foundation
import Testing

@testable import SwitchboardCore

struct ReadWriteLockedTests {
    @Test func concurrentWritesAreNeverLost() async {
        let counter = ReadWriteLocked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withWriteLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withReadLock { $0 } == 80_000)
    }

    /// Two threads each wait, inside a read, for the other to be inside a read too: with a lock
    /// that admitted one reader at a time, neither would ever see the other and both give up.
    @Test func readersHoldTheLockAtTheSameTime() {
        let value = ReadWriteLocked(42)
        let inside = Locked(0)
        let sawEachOther = Locked(0)
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                value.withReadLock { _ in
                    inside.withLock { $0 += 1 }
                    let deadline = Date().addingTimeInterval(10)
                    while inside.withLock({ $0 }) < 2 && Date() < deadline { usleep(100) }
                    if inside.withLock({ $0 }) == 2 { sawEachOther.withLock { $0 += 1 } }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(sawEachOther.withLock { $0 } == 2)
    }

    /// A writer keeps two halves equal; readers on other threads must never see them differ.
    @Test func readersNeverSeeAWriteHalfDone() async {
        struct Pair { var left = 0, right = 0 }
        let pair = ReadWriteLocked(Pair())
        let torn = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for _ in 0..<20_000 {
                    pair.withWriteLock { value in
                        value.left += 1
                        value.right += 1
                    }
                }
                return 0
            }
            for _ in 0..<3 {
                group.addTask {
                    var torn = 0
                    for _ in 0..<20_000 where pair.withReadLock({ $0.left != $0.right }) { torn += 1 }
                    return torn
                }
            }
            return await group.reduce(0, +)
        }
        #expect(torn == 0)
        #expect(pair.withReadLock { $0.left } == 20_000)
    }

    @Test func typedErrorsPassThroughAndReleaseTheLock() {
        struct Refused: Error {}
        let value = ReadWriteLocked("a")
        #expect(throws: Refused.self) {
            try value.withWriteLock { (_: inout String) throws(Refused) in throw Refused() }
        }
        #expect(throws: Refused.self) {
            try value.withReadLock { (_: borrowing String) throws(Refused) in throw Refused() }
        }
        value.withWriteLock { $0 = "b" }
        #expect(value.withReadLock { $0 } == "b")
    }
}
