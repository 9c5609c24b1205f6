import SwitchboardCore
import Testing

@testable import SwitchboardNet

/// ``CurrentLoop`` tells each loop's thread its own number, and other threads none.
@Suite struct CurrentLoopTests {
    /// The number `loop`'s thread reports, read in a timer (which runs on that thread).
    static func number(seenOn loop: EventLoop) async -> Int? {
        await withCheckedContinuation { continuation in
            _ = loop.schedule(after: .zero) { continuation.resume(returning: CurrentLoop.number) }
        }
    }

    @Test func eachLoopThreadHasItsOwnNumberAndOtherThreadsNone() async throws {
        let shared = try EventLoop.shared
        let other = try EventLoop()
        let first = await Self.number(seenOn: shared)
        let second = await Self.number(seenOn: other)
        #expect(first != nil && second != nil)
        #expect(first != second)
        // Asked again, the same loop answers the same.
        #expect(await Self.number(seenOn: other) == second)
        // The test's own task runs on the cooperative pool, not on a loop.
        #expect(CurrentLoop.number == nil)
    }

    @Test func aLoopThreadIsNamedForItsNumber() async throws {
        let loop = try EventLoop()
        let (number, name) = await withCheckedContinuation { continuation in
            _ = loop.schedule(after: .zero) {
                continuation.resume(returning: (CurrentLoop.number, ThreadName.current))
            }
        }
        #expect(number != nil)
        #expect(name == "sb-loop-\(number ?? -1)")
    }
}
