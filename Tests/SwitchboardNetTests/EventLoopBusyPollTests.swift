import Foundation
import SwitchboardCore
import Testing

@testable import SwitchboardNet

/// A loop asked to busy-poll keeps looking for work after its last job instead of sleeping, and
/// sleeps once its window has passed; a loop not asked to sleeps at once.
///
/// Each test runs a loop of its own (loops live as long as the process), and waits for counts to
/// change rather than for a time to pass, so that a busy machine only makes it slower.
@Suite struct EventLoopBusyPollTests {
    @Test func aLoopBusyPollsAfterWorkThenSleepsOnceItsWindowHasPassed() async throws {
        let loop = try EventLoop()
        loop.keepPolling(for: .milliseconds(50))
        let before = try await Self.countsAfterAJob(on: loop)
        try await Self.waitUntil("the loop busy-polled after its job") {
            loop.pollingCounts.busyPolls > before.busyPolls
        }
        try await Self.waitUntil("the loop went to sleep after its window") {
            loop.pollingCounts.sleeps > before.sleeps
        }
        // Asleep, it stays asleep: nothing more to do means no more polling.
        let asleep = loop.pollingCounts
        try await Task.sleep(for: .milliseconds(100))
        #expect(loop.pollingCounts.busyPolls == asleep.busyPolls)
    }

    @Test func theLongestWindowAskedForHolds() async throws {
        let loop = try EventLoop()
        loop.keepPolling(for: .milliseconds(40))
        loop.keepPolling(for: .zero)
        let before = try await Self.countsAfterAJob(on: loop)
        try await Self.waitUntil("the loop busy-polled after its job") {
            loop.pollingCounts.busyPolls > before.busyPolls
        }
    }

    @Test func aLoopNotAskedToBusyPollSleepsAtOnce() async throws {
        let loop = try EventLoop()
        let before = try await Self.countsAfterAJob(on: loop)
        try await Self.waitUntil("the loop went to sleep after its job") { loop.pollingCounts.sleeps > before.sleeps }
        #expect(loop.pollingCounts.busyPolls == 0)
    }

    /// The loop's counts read by a job running on it, once it has woken for that job.
    private static func countsAfterAJob(on loop: EventLoop) async throws -> (busyPolls: Int, sleeps: Int) {
        await Task.onLoop(loop) { loop.pollingCounts }.value
    }

    private static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("not within 10 s: \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
