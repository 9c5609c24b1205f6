import Foundation
import SwitchboardAPI
import SwitchboardCore

/// An event as subscribers decode it: which mutator sent it, and its number.
struct Tick: Decodable, Sendable {
    let mutator: Int
    let seq: Int
}

/// The phase of the run, which subscribers and the load read.
enum SoakPhase: Sendable, Equatable {
    case warmUp, disrupted, quiet, draining
}

/// One subscription held for the whole run through `Switchboard.API.subscribe`, checking what it
/// receives in its ``DeliveryLedger``. When its stream ends (the client's buffer overflowed, or
/// anything else) it subscribes again, as an app would; anything but an overflow is reported.
final class Subscriber: Sendable {
    /// How the subscriber reads its stream.
    enum Pace: Sendable {
        /// As fast as events come.
        case eager
        /// In bursts, pausing up to 2 s between them (the client buffers meanwhile).
        case slow
        /// Not at all for long stretches of the disrupted phase (the client's buffer may fill).
        case stalling
    }

    let index: Int
    let apiName: String
    let pace: Pace
    let ledger: Locked<DeliveryLedger>
    private let log: PublishLog
    private let phase: Locked<SoakPhase>

    init(index: Int, apiName: String, pace: Pace, log: PublishLog, phase: Locked<SoakPhase>, mutators: Int) {
        self.index = index
        self.apiName = apiName
        self.pace = pace
        self.log = log
        self.phase = phase
        self.ledger = Locked(DeliveryLedger(mutators: mutators))
    }

    var request: GraphQLRequest<Tick> {
        GraphQLRequest(
            apiName: apiName, document: "subscription OnTick { onTick { mutator seq } }", responseType: Tick.self,
            decodePath: "onTick")
    }

    /// Subscribes, and again whenever the stream ends, until the task is cancelled.
    func run() async {
        var pacer = Pacer(pace: pace, phase: phase)
        while !Task.isCancelled {
            do {
                for try await event in Switchboard.API.subscribe(request: request) {
                    await pacer.wait()
                    record(event)
                }
                if Task.isCancelled { return }
                ledger.withLock { $0.terminated("the stream finished") }
            } catch SubscriptionError.consumerTooSlow {
                ledger.withLock { $0.overflowed() }
            } catch {
                if Task.isCancelled { return }
                ledger.withLock { $0.terminated("\(error)") }
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    private func record(_ event: GraphQLSubscriptionEvent<Tick>) {
        switch event {
        case .connection(.connected), .connection(.connectedAfterGap):
            let issued = log.issued()
            ledger.withLock { $0.connected(issued: issued) }
        case .connection:
            ledger.withLock { $0.disrupted() }
        case .data(.success(let tick)):
            ledger.withLock { $0.receive(mutator: tick.mutator, seq: tick.seq, log: log, subscriber: index) }
        case .data(.failure):
            ledger.withLock { $0.decodeFailed() }
        }
    }
}

/// Decides when a subscriber reads its next event.
struct Pacer {
    let pace: Subscriber.Pace
    let phase: Locked<SoakPhase>
    private var untilPause = Int.random(in: 1...200)
    private var stallAt = ContinuousClock.now + .seconds(Double.random(in: 5...60))

    init(pace: Subscriber.Pace, phase: Locked<SoakPhase>) {
        self.pace = pace
        self.phase = phase
    }

    mutating func wait() async {
        switch pace {
        case .eager:
            return
        case .slow:
            untilPause -= 1
            guard untilPause <= 0 else { return }
            untilPause = Int.random(in: 1...200)
            try? await Task.sleep(for: .milliseconds(Int.random(in: 100...2000)))
        case .stalling:
            guard ContinuousClock.now >= stallAt, phase.withLock({ $0 }) == .disrupted else { return }
            // Stop reading for 20 s to 10 minutes, or until the disrupted phase ends.
            let end = ContinuousClock.now + .seconds(Double.random(in: 20...600))
            while ContinuousClock.now < end, phase.withLock({ $0 }) == .disrupted, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
            }
            stallAt = ContinuousClock.now + .seconds(Double.random(in: 5...60))
        }
    }
}
