import Foundation
import SwitchboardCore
import Testing

@testable import SwitchboardNet

/// The event loop's timers and the time limits built on them.
@Suite struct EventLoopTimerTests {
    private struct Boom: Error {}

    @Test func aTimerRunsOnceItsDelayHasPassedAndNotBefore() async throws {
        let loop = try EventLoop.shared
        let start = ContinuousClock.now
        let fired = await withCheckedContinuation { continuation in
            _ = loop.schedule(after: .milliseconds(50)) { continuation.resume(returning: ContinuousClock.now) }
        }
        #expect(fired - start >= .milliseconds(50))
    }

    @Test func aCancelledTimerNeverRuns() async throws {
        let loop = try EventLoop.shared
        let ran = Locked(false)
        let timer = loop.schedule(after: .milliseconds(20)) { ran.withLock { $0 = true } }
        #expect(timer.cancel())
        #expect(!timer.cancel())
        // A later timer firing shows the loop went past the cancelled one's deadline.
        await withCheckedContinuation { continuation in
            _ = loop.schedule(after: .milliseconds(60)) { continuation.resume() }
        }
        #expect(!ran.withLock { $0 })
    }

    @Test func timersAreDueInDeadlineOrderWhateverTheOrderTheyWereScheduledIn() {
        // The queue itself, with explicit instants: on the loop, each delay counts from its own
        // schedule call, which a busy machine can spread apart.
        var queue = TimerQueue()
        let start = ContinuousClock.now
        let order = Locked<[Int]>([])
        var ids: [UInt64] = []
        for (index, delay) in [40, 10, 30, 20, 50].enumerated() {
            ids.append(queue.schedule(at: start + .milliseconds(delay)) { order.withLock { $0.append(index) } })
        }
        #expect(queue.cancel(ids[4]) != nil)
        #expect(queue.cancel(ids[4]) == nil)
        #expect(queue.nextDeadline() == start + .milliseconds(10))
        for action in queue.takeDue(at: start + .milliseconds(25)) { action() }
        #expect(order.withLock { $0 } == [1, 3])
        for action in queue.takeDue(at: start + .seconds(1)) { action() }
        #expect(order.withLock { $0 } == [1, 3, 2, 0])
        #expect(queue.count == 0)
        #expect(queue.nextDeadline() == nil)
    }

    @Test func manyCancelledTimersLeaveTheLiveOnesIntact() async throws {
        let loop = try EventLoop.shared
        let timers = (0..<10_000).map { _ in loop.schedule(after: .seconds(60)) {} }
        let fired = Locked(0)
        await withCheckedContinuation { continuation in
            _ = loop.schedule(after: .milliseconds(30)) {
                fired.withLock { $0 += 1 }
                continuation.resume()
            }
            for timer in timers { #expect(timer.cancel()) }
        }
        #expect(fired.withLock { $0 } == 1)
    }

    @Test func aTimeLimitReturnsTheResultOrRethrowsTheErrorOfAnOperationThatEndsInTime() async throws {
        #expect(try await withTimeLimit(.seconds(30)) { 42 } == 42)
        await #expect(throws: Boom.self) {
            try await withTimeLimit(.seconds(30)) { () async throws -> Int in throw Boom() }
        }
    }

    @Test func aTimeLimitCancelsTheOperationAndReturnsNilWhenItPasses() async throws {
        let start = ContinuousClock.now
        let result = try await withTimeLimit(.milliseconds(50)) { () async throws -> Int in
            try await Task.sleep(for: .seconds(60))
            return 1
        }
        #expect(result == nil)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func cancellingTheCallerCancelsTheOperation() async throws {
        let task = Task {
            try await withTimeLimit(.seconds(60)) { () async throws -> Int in
                try await Task.sleep(for: .seconds(60))
                return 1
            }
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// A request's deadline while it waits for a connection of a full pool.
@Suite struct ExchangeDeadlineTests {
    @Test(.timeLimit(.minutes(1))) func aWaiterWhoseDeadlinePassesLeavesThePoolQueue() async throws {
        let pool = HTTPConnectionPool(maximumConnectionsPerOrigin: 1, idleTimeout: .seconds(30))
        let origin = HTTPConnectionPool.Origin(isSecure: false, host: "127.0.0.1", port: 9)
        // The only slot is taken and never given back while the second request waits.
        guard case .openNew = try await pool.checkOut(origin) else {
            Issue.record("an empty pool grants a new connection")
            return
        }
        let deadline = ExchangeDeadline(after: .milliseconds(100), on: try EventLoop.shared)
        defer { deadline.finish() }
        let start = ContinuousClock.now
        await #expect(throws: CancellationError.self) { try await pool.checkOut(origin, deadline: deadline) }
        #expect(deadline.hasPassed)
        #expect(ContinuousClock.now - start >= .milliseconds(100))
        // It left the queue: the freed slot goes to the next caller, not to the expired waiter.
        await pool.discard(from: origin)
        guard case .openNew = try await pool.checkOut(origin) else {
            Issue.record("the freed slot was not granted")
            return
        }
    }

    @Test(.timeLimit(.minutes(1))) func anExpiredDeadlineClosesTheStreamItGuards() async throws {
        let listener = try TCPListener()
        let connection = try await TCPConnection.connect(host: "127.0.0.1", port: listener.port)
        let accepted = try await listener.accept()
        defer {
            accepted.closeNow()
            listener.close()
        }
        let deadline = ExchangeDeadline(after: .milliseconds(50), on: try EventLoop.shared)
        defer { deadline.finish() }
        deadline.guarding(connection)
        // Nothing ever arrives: only the deadline ends this read.
        await #expect(throws: NetworkError.self) { _ = try await connection.read(maxBytes: 1024) }
        #expect(deadline.hasPassed)
    }
}

/// The Networking article's example of a task that prefers the event loop.
@Suite struct EventLoopExecutorExampleTests {
    @Test(.timeLimit(.minutes(1))) func aTaskPreferringTheLoopTalksOverASocket() async throws {
        let listener = try TCPListener()
        defer { listener.close() }
        let port = listener.port
        let echo = Task {
            let peer = try await listener.accept()
            try await peer.write(try await peer.read(maxBytes: 4096))
            await peer.close()
        }
        try await onEventLoop {
            let connection = try await TCPConnection.connect(host: "127.0.0.1", port: port)
            try await connection.write(Array("ping".utf8))
            #expect(try await connection.read(maxBytes: 4096) == Array("ping".utf8))
            await connection.close()
        }
        try await echo.value
    }
}
