import Foundation
import SwitchboardAPI
import SwitchboardCore

/// The mutations and queries of the run, through `Switchboard.API`: each mutator sends
/// `CreateTick` mutations tagged with its number and the next number of its sequence, one after
/// another at its share of the rate; each querier sends `GetTick` queries and checks the echo.
final class LoadGenerator: Sendable {
    struct Counters: Sendable {
        var mutations = 0
        var queries = 0
        /// Failures while the mock was restarting (or just after).
        var expectedFailures = 0
        /// Failures with the mock up, and answers that did not echo the request.
        var unexpectedFailures = 0
        var firstUnexpected: [String] = []
    }

    private let options: SoakOptions
    private let apiNames: [String]
    private let log: PublishLog
    private let outages: OutageClock
    private let counters = Locked(Counters())
    private let pad: String
    /// Set by ``stop()``: the paced loops end after the operation under way.
    private let stopped = Locked(false)

    init(options: SoakOptions, apiNames: [String], log: PublishLog, outages: OutageClock) {
        self.options = options
        self.apiNames = apiNames
        self.log = log
        self.outages = outages
        self.pad = String(repeating: "x", count: options.payloadBytes)
    }

    var snapshot: Counters { counters.withLock { $0 } }

    /// Runs every mutator and querier until the task is cancelled.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            for mutator in 0..<options.mutators {
                group.addTask {
                    await self.paced(perSecond: self.options.mutationRate / Double(self.options.mutators)) {
                        await self.mutate(mutator)
                    }
                }
            }
            for querier in 0..<options.queriers {
                group.addTask {
                    await self.paced(perSecond: self.options.queryRate / Double(self.options.queriers)) {
                        await self.query(querier)
                    }
                }
            }
        }
    }

    /// Ends ``run()`` once the operations under way have been answered. Not by cancelling its
    /// task: a mutation cancelled in flight may still be published by the server, after the
    /// final round's next number, which every subscriber would then see out of order.
    func stop() { stopped.withLock { $0 = true } }

    /// One more mutation from every mutator (the final window's events), sent at once.
    func finalRound() async {
        await withTaskGroup(of: Void.self) { group in
            for mutator in 0..<options.mutators { group.addTask { await self.mutate(mutator) } }
        }
    }

    private func paced(perSecond rate: Double, _ operation: @Sendable () async -> Void) async {
        let interval = Duration.seconds(1 / rate)
        var next = ContinuousClock.now
        while !Task.isCancelled, !stopped.withLock({ $0 }) {
            await operation()
            next += interval
            let now = ContinuousClock.now
            if next > now {
                try? await Task.sleep(until: next)
            } else {
                next = now  // behind: do not burst to catch up
            }
        }
    }

    func mutate(_ mutator: Int) async {
        let seq = log.issue(mutator)
        let request = GraphQLRequest(
            apiName: apiNames[mutator % apiNames.count],
            document: """
                mutation CreateTick($mutator: Int!, $seq: Int!, $pad: String!) {
                  createTick(mutator: $mutator, seq: $seq, pad: $pad) { mutator seq }
                }
                """,
            variables: ["mutator": .number(Double(mutator)), "seq": .number(Double(seq)), "pad": .string(pad)],
            responseType: Tick.self, decodePath: "createTick")
        let mark = outages.mark
        do {
            let tick = try await Switchboard.API.mutate(request: request).get()
            guard tick.mutator == mutator, tick.seq == seq else {
                log.fail(mutator, seq)
                unexpected("CreateTick \(mutator)/\(seq) answered \(tick.mutator)/\(tick.seq)")
                return
            }
            log.confirm()
            counters.withLock { $0.mutations += 1 }
        } catch {
            log.fail(mutator, seq)
            failed("CreateTick \(mutator)/\(seq): \(error)", since: mark)
        }
    }

    private func query(_ querier: Int) async {
        let seq = Int.random(in: 0..<1_000_000)
        let request = GraphQLRequest(
            apiName: apiNames[querier % apiNames.count],
            document: "query GetTick($seq: Int!) { getTick(seq: $seq) { seq } }",
            variables: ["seq": .number(Double(seq))], responseType: QueryTick.self, decodePath: "getTick")
        let mark = outages.mark
        do {
            let answer = try await Switchboard.API.query(request: request).get()
            guard answer.seq == seq else {
                unexpected("GetTick \(seq) answered \(answer.seq)")
                return
            }
            counters.withLock { $0.queries += 1 }
        } catch {
            failed("GetTick: \(error)", since: mark)
        }
    }

    private func failed(_ what: String, since mark: Int) {
        if Task.isCancelled { return }  // the load was stopped mid-request
        if outages.explains(failureSince: mark) {
            counters.withLock { $0.expectedFailures += 1 }
        } else {
            unexpected(what)
        }
    }

    private func unexpected(_ what: String) {
        counters.withLock {
            $0.unexpectedFailures += 1
            if $0.firstUnexpected.count < 3 { $0.firstUnexpected.append(what) }
        }
    }
}

/// A `GetTick` answer.
struct QueryTick: Decodable, Sendable {
    let seq: Int
}
