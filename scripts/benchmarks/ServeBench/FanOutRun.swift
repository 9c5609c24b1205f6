import SwitchboardCore
import SwitchboardNet

/// What a ``FanOutRun`` measured: the delivery latency of every event at every subscription.
struct FanOutResult: Sendable {
    let subscriptions: Int
    let events: Int
    let latencies: LatencySummary
    /// The mutations' round trips (send to reply), which publishing must not delay.
    let mutationLatencies: LatencySummary
    /// Seconds to open the connections and start every subscription.
    let setupSeconds: Double
    /// The server's CPU time per delivery while the events went out (setup excluded), in
    /// microseconds; `nil` without the server's process id.
    let serverCPUMicrosecondsPerDelivery: Double?
}

/// Subscription fan-out: `connections` real-time connections with `subscriptionsPerConnection`
/// `onCreateTodo` subscriptions each, then `events` `createTodo` mutations over HTTP, each sent
/// once the previous one reached every subscription; the latency is from just before the
/// mutation is written to the `data` message's arrival. The first ``warmUpEvents`` are not measured.
struct FanOutRun: Sendable {
    /// Events sent before the measured ones, to every subscriber. Linux acknowledges the first
    /// segments a connection receives one by one at once (quick-ACK mode, up to 16), and on loopback
    /// the receiver's ACK is made and taken inside the sender's `send`: the first dozen events to
    /// new connections cost the server about half as much again per delivery (8 against 5 µs of CPU
    /// at 1,000 subscribers), which a subscriber that stays connected pays only once and a server
    /// talking to other machines not at all.
    static let warmUpEvents = 16

    let endpoint: BenchEndpoint
    let apiKey: String
    let connections: Int
    let subscriptionsPerConnection: Int
    let events: Int
    /// The server's process, whose CPU time the run reads (Linux's /proc).
    let serverPID: Int?
    /// How long one event may take to reach everyone before the run fails.
    let eventTimeout: Duration = .seconds(30)

    private static let subscription = "subscription OnCreate { onCreateTodo { id name priority } }"
    private static let mutation =
        #"{"query":"mutation Create($input: CreateTodoInput!) { createTodo(input: $input) { id name priority } }","#
        + #""variables":{"input":{"name":"fan-out","priority":1}}}"#

    func run() async throws -> FanOutResult {
        let setupStart = ContinuousClock.now
        let subscribers = try await connectAll()
        let setupSeconds = (ContinuousClock.now - setupStart).milliseconds / 1e3
        let total = subscribers.reduce(0) { $0 + $1.subscriptions }
        let sendTimes = Locked<[ContinuousClock.Instant]>([])
        let latencies = Locked<[(event: Int, milliseconds: Double)]>([])
        var mutationLatencies: [Double] = []
        var cpuBefore: Double?
        var cpuAfter: Double?
        // The mutations go out and their replies are read on a loop of their own: on the shared
        // loop or the cooperative pool, reading a reply would wait behind a thousand subscribers'
        // messages, and the mutation would look slower than the server made it.
        let mutationLoop = try EventLoop()
        let publisher = try await HTTPPostClient.connect(
            to: endpoint, headers: [("x-api-key", apiKey)], loop: mutationLoop)
        let request = publisher.request(body: Self.mutation)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for subscriber in subscribers {
                // On its socket's loop: a message is read and counted on the thread that learned
                // of it, with no hand-off to the cooperative pool.
                group.addTask(onLoop: subscriber.loop) {
                    var received = 0
                    await subscriber.receive { arrived in
                        let sent = sendTimes.withLock { $0.indices.contains(received) ? $0[received] : nil }
                        received += 1
                        guard let sent else { return }
                        latencies.withLock { $0.append((event: received - 1, (arrived - sent).milliseconds)) }
                    }
                }
            }
            defer { group.cancelAll() }
            do {
                for event in 0..<Self.warmUpEvents + events {
                    if event == Self.warmUpEvents { cpuBefore = serverPID.flatMap { ProcessCPU.seconds(pid: $0) } }
                    let (reply, roundTrip) = try await onLoop(mutationLoop) {
                        let sent = ContinuousClock.now
                        sendTimes.withLock { $0.append(sent) }
                        let reply = try await publisher.exchange(request)
                        return (reply, (ContinuousClock.now - sent).milliseconds)
                    }
                    if event >= Self.warmUpEvents { mutationLatencies.append(roundTrip) }
                    guard reply.status == 200 && !reply.hasGraphQLErrors else {
                        let text = String(decoding: reply.body.prefix(300), as: UTF8.self)
                        throw HTTPPostClientError(description: "createTodo: HTTP \(reply.status) \(text)")
                    }
                    try await waitUntil(latencies, count: (event + 1) * total)
                }
            } catch {
                for subscriber in subscribers { await subscriber.close() }
                throw error
            }
            // Read before the connections close: closing them costs the server too.
            cpuAfter = serverPID.flatMap { ProcessCPU.seconds(pid: $0) }
            for subscriber in subscribers { await subscriber.close() }
            await publisher.close()
        }
        let deliveries = Double(max(1, total * events))
        var cpuPerDelivery: Double?
        if let cpuBefore, let cpuAfter { cpuPerDelivery = (cpuAfter - cpuBefore) / deliveries * 1e6 }
        let measured = latencies.withLock { $0 }.filter { $0.event >= Self.warmUpEvents }.map(\.milliseconds)
        return FanOutResult(
            subscriptions: total, events: events, latencies: LatencySummary(measured),
            mutationLatencies: LatencySummary(mutationLatencies), setupSeconds: setupSeconds,
            serverCPUMicrosecondsPerDelivery: cpuPerDelivery)
    }

    /// Opens the connections, at most 32 handshakes at a time, spread over one loop per processor.
    private func connectAll() async throws -> [RealtimeSubscriber] {
        let loops = try EventLoop.pooled(count: EventLoop.defaultServerLoopCount)
        var subscribers: [RealtimeSubscriber] = []
        var next = 0
        while next < connections {
            let batch = min(32, connections - next)
            subscribers += try await withThrowingTaskGroup(of: RealtimeSubscriber.self) { group in
                for index in next..<next + batch {
                    group.addTask {
                        try await RealtimeSubscriber.connect(
                            to: endpoint, apiKey: apiKey, query: Self.subscription,
                            subscriptions: subscriptionsPerConnection, loop: loops[index % loops.count])
                    }
                }
                var opened: [RealtimeSubscriber] = []
                for try await subscriber in group { opened.append(subscriber) }
                return opened
            }
            next += batch
        }
        return subscribers
    }

    /// Polls (every millisecond; the latencies are timed by the subscribers, not here) until
    /// `count` deliveries arrived, failing after ``eventTimeout``.
    private func waitUntil(_ latencies: Locked<[(event: Int, milliseconds: Double)]>, count: Int) async throws {
        let deadline = ContinuousClock.now + eventTimeout
        while latencies.withLock({ $0.count }) < count {
            guard ContinuousClock.now < deadline else {
                let have = latencies.withLock { $0.count }
                throw HTTPPostClientError(description: "fan-out: \(have) of \(count) deliveries after \(eventTimeout)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}
