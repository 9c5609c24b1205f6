/// One subscriber's account of what it received, checked as events arrive (nothing is kept per
/// event, so memory stays flat however long the run).
///
/// An *epoch* runs from reading `connected` to reading `connecting` (or the stream's end): a
/// stretch with no disruption. Within an epoch, the events of each mutator must arrive in order
/// without a gap, and none numbered above the epoch's floor (see ``PublishLog``) may be missing
/// before the first one that arrives; across the whole run no number may arrive twice. Events
/// sent while a subscriber was disconnected are not owed (AppSync does not replay them).
struct DeliveryLedger: Sendable {
    private struct Track: Sendable {
        var lastEver = 0
        var lastInEpoch: Int?
        var floor = Int.max
    }

    private var tracks: [Track]
    private(set) var isConnected = false
    private(set) var received = 0
    private(set) var lost = 0
    private(set) var duplicated = 0
    private(set) var disruptions = 0
    private(set) var overflows = 0
    private(set) var decodeFailures = 0
    /// Events that arrived outside an epoch (before `connected`): counted, never owed.
    private(set) var outsideEpoch = 0
    /// Streams that ended for any reason other than `consumerTooSlow` or the soak's own cancellation.
    private(set) var terminations = 0
    /// Why the last of them ended.
    private(set) var lastTermination: String?
    /// The first violations, for the report.
    private(set) var violations: [String] = []

    init(mutators: Int) { tracks = Array(repeating: Track(), count: mutators) }

    /// `connected` was read; `issued` is the publish log's snapshot at that moment.
    mutating func connected(issued: [Int]) {
        isConnected = true
        for mutator in tracks.indices {
            tracks[mutator].floor = issued[mutator]
            tracks[mutator].lastInEpoch = nil
        }
    }

    /// `connecting` was read, or the stream ended: the epoch is over, whatever it still owed.
    mutating func disrupted() {
        if isConnected { disruptions += 1 }
        isConnected = false
        for mutator in tracks.indices {
            tracks[mutator].floor = .max
            tracks[mutator].lastInEpoch = nil
        }
    }

    mutating func overflowed() {
        overflows += 1
        disrupted()
    }

    mutating func terminated(_ reason: String) {
        terminations += 1
        lastTermination = reason
        disrupted()
    }

    mutating func decodeFailed() { decodeFailures += 1 }

    /// Event `seq` of `mutator` arrived.
    mutating func receive(mutator: Int, seq: Int, log: PublishLog, subscriber: Int) {
        received += 1
        guard tracks.indices.contains(mutator) else {
            note("subscriber \(subscriber): event from unknown mutator \(mutator)")
            return
        }
        var track = tracks[mutator]
        defer { tracks[mutator] = track }
        if seq <= track.lastEver {
            duplicated += 1
            note(
                "subscriber \(subscriber): mutator \(mutator) event \(seq) after \(track.lastEver) (duplicate or reordered)"
            )
            return
        }
        if !isConnected { outsideEpoch += 1 }
        // The first number owed in this epoch: after the last received in it, or after the floor.
        let owedFrom = track.lastInEpoch.map { $0 + 1 } ?? max(track.floor, track.lastEver) &+ 1
        if isConnected, owedFrom > 0, seq > owedFrom {
            let missing = log.published(mutator, in: owedFrom..<seq)
            if missing > 0 {
                lost += missing
                note(
                    "subscriber \(subscriber): mutator \(mutator) events \(owedFrom)..<\(seq) missing (\(missing) published)"
                )
            }
        }
        track.lastEver = seq
        track.lastInEpoch = seq
    }

    /// At the end: events still owed in the current epoch up to `final` (the last issued numbers).
    mutating func settle(final: [Int], log: PublishLog, subscriber: Int) {
        guard isConnected else { return }
        for (mutator, track) in tracks.enumerated() {
            let owedFrom = track.lastInEpoch.map { $0 + 1 } ?? max(track.floor, track.lastEver) + 1
            guard final[mutator] >= owedFrom else { continue }
            let missing = log.published(mutator, in: owedFrom..<(final[mutator] + 1))
            if missing > 0 {
                lost += missing
                note(
                    "subscriber \(subscriber): mutator \(mutator) events \(owedFrom)...\(final[mutator]) never arrived")
            }
        }
    }

    /// Whether the current epoch has received everything up to `final` it is owed.
    func isCaughtUp(final: [Int]) -> Bool {
        guard isConnected else { return false }
        return tracks.indices.allSatisfy { mutator in
            let track = tracks[mutator]
            return track.lastEver >= final[mutator] || track.floor >= final[mutator]
        }
    }

    /// Whether an event numbered above `marks` (the issued numbers when the last restart ended)
    /// arrived: the subscription resumed after the restart.
    func resumed(after marks: [Int]) -> Bool {
        tracks.indices.contains { tracks[$0].lastEver > marks[$0] }
    }

    private mutating func note(_ violation: String) {
        if violations.count < 5 { violations.append(violation) }
    }
}
