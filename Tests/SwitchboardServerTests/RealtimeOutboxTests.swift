import SwitchboardRealtimeServer
import Testing

/// The real-time writer takes what waits in batches, so that an event published to many
/// subscriptions of one connection goes out in a few writes.
@Suite struct RealtimeOutboxTests {
    @Test func waitingTextsComeInBatchesOfAtMostTheLimitThenTheClose() async {
        let outbox = RealtimeOutbox(maximumBytes: 1 << 20)
        for index in 0..<5 { #expect(outbox.enqueue("message \(index)")) }  // 9 bytes each
        outbox.close(code: 1000, reason: "done")
        #expect(!outbox.enqueue("too late"))
        #expect(await outbox.nextBatch(maximumBytes: 20) == [.text("message 0"), .text("message 1")])
        #expect(outbox.waitingBytes == 27)
        #expect(
            await outbox.nextBatch(maximumBytes: 1_000) == [
                .text("message 2"), .text("message 3"), .text("message 4"), .close(code: 1000, reason: "done"),
            ])
        #expect(await outbox.nextBatch(maximumBytes: 1_000) == [])
    }

    @Test func aTextLargerThanTheLimitComesAlone() async {
        let outbox = RealtimeOutbox(maximumBytes: 1 << 20)
        let large = String(repeating: "x", count: 100)
        #expect(outbox.enqueue(large) && outbox.enqueue("small"))
        #expect(await outbox.nextBatch(maximumBytes: 10) == [.text(large)])
        #expect(await outbox.nextBatch(maximumBytes: 10) == [.text("small")])
    }

    /// Waits until `outbox`'s writer is suspended in ``RealtimeOutbox/nextBatch(maximumBytes:)``.
    static func writerWaits(_ outbox: RealtimeOutbox) async {
        while !outbox.hasWaitingWriter { await Task.yield() }
    }

    @Test(.timeLimit(.minutes(1))) func aWaitingWriterIsHandedTheNextTextOrTheEnd() async {
        let outbox = RealtimeOutbox(maximumBytes: 1 << 20)
        async let first = outbox.nextBatch(maximumBytes: 1_000)
        await Self.writerWaits(outbox)
        #expect(outbox.enqueue("hello"))
        #expect(await first == [.text("hello")])
        #expect(outbox.waitingBytes == 0)
        async let second = outbox.nextBatch(maximumBytes: 1_000)
        await Self.writerWaits(outbox)
        outbox.finish()
        #expect(await second == [])
    }

    @Test(.timeLimit(.minutes(1))) func aWaitingWriterIsHandedTheLastWordsTogether() async {
        let outbox = RealtimeOutbox(maximumBytes: 1 << 20)
        async let batch = outbox.nextBatch(maximumBytes: 1_000)
        await Self.writerWaits(outbox)
        outbox.replaceAll(with: [.text("bye"), .close(code: 1013, reason: "slow")])
        #expect(await batch == [.text("bye"), .close(code: 1013, reason: "slow")])
        #expect(outbox.waitingBytes == 0)
        #expect(await outbox.nextBatch(maximumBytes: 1_000) == [])
    }

    @Test func lastWordsQueuedBehindNothingAreCountedUntilTaken() async {
        let outbox = RealtimeOutbox(maximumBytes: 1 << 20)
        #expect(outbox.enqueue("discarded"))
        outbox.replaceAll(with: [.text("bye"), .close(code: 1013, reason: "slow")])
        #expect(outbox.waitingBytes == 3)
        #expect(await outbox.nextBatch(maximumBytes: 1_000) == [.text("bye"), .close(code: 1013, reason: "slow")])
        #expect(outbox.waitingBytes == 0)
    }
}
