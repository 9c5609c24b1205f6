import SwitchboardNet

/// The requests a ``MockServer`` keeps for assertions: the most recent ones, bounded by count and
/// by body bytes, the oldest dropped first and counted, so a long-running mock's memory stays flat.
struct MockRequestLog: Sendable {
    private var entries: [HTTPRequest] = []
    /// Index of the oldest kept entry in `entries` (dropped entries before it are compacted away
    /// once they make up half of the array).
    private var head = 0
    private var bodyBytes = 0
    private let maximumCount: Int
    private let maximumBodyBytes: Int
    /// Requests dropped to stay within the limits.
    private(set) var droppedCount = 0

    init(maximumCount: Int, maximumBodyBytes: Int) {
        self.maximumCount = max(0, maximumCount)
        self.maximumBodyBytes = max(0, maximumBodyBytes)
    }

    /// The kept requests, oldest first.
    var requests: [HTTPRequest] { Array(entries[head...]) }

    /// Records `request`, dropping the oldest ones while either limit is exceeded. A request whose
    /// body alone is over the byte limit is not kept (and is counted as dropped); the others stay.
    mutating func append(_ request: HTTPRequest) {
        guard request.body.count <= maximumBodyBytes, maximumCount > 0 else {
            droppedCount += 1
            return
        }
        entries.append(request)
        bodyBytes += request.body.count
        while entries.count - head > maximumCount || bodyBytes > maximumBodyBytes {
            bodyBytes -= entries[head].body.count
            entries[head] = HTTPRequest(method: "", target: "")
            head += 1
            droppedCount += 1
        }
        if head > 64 && head * 2 > entries.count {
            entries.removeSubrange(0..<head)
            head = 0
        }
    }
}
