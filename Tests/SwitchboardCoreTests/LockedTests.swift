import Foundation
import Testing

@testable import SwitchboardCore

struct LockedTests {
    @Test func concurrentUpdatesAreNeverLost() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func copiesShareOneValue() {
        let original = Locked([1])
        let copy = original
        copy.withLock { $0.append(2) }
        #expect(original.withLock { $0 } == [1, 2])
    }

    @Test func typedErrorsPassThroughAndReleaseTheLock() {
        struct Refused: Error {}
        let value = Locked("a")
        #expect(throws: Refused.self) {
            try value.withLock { (_: inout String) throws(Refused) in throw Refused() }
        }
        #expect(value.withLock { $0 } == "a")
    }

    @Test func withLockIfAvailableRunsOnlyWhenNoOtherThreadHoldsTheLock() {
        let value = Locked(1)
        #expect(
            value.withLockIfAvailable {
                $0 += 1
                return $0
            } == 2)
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            value.withLock { _ in
                holding.signal()
                release.wait()
            }
            done.signal()
        }.start()
        holding.wait()
        #expect(
            value.withLockIfAvailable {
                $0 += 1
                return $0
            } == nil)
        release.signal()
        done.wait()
        #expect(value.withLock { $0 } == 2)
    }

    @Test func theValueIsReleasedWithTheLastCopy() {
        final class Tracked: Sendable {}
        weak var weakReference: Tracked?
        do {
            let tracked = Tracked()
            weakReference = tracked
            let locked = Locked(tracked)
            _ = locked.withLock { $0 }
        }
        #expect(weakReference == nil)
    }
}
