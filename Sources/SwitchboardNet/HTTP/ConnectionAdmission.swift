import SwitchboardCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decides whether a server may keep a connection it just accepted, so that servers never use
/// the last file descriptors of the process.
///
/// Running out of descriptors does not fail gracefully: `accept` starts failing, and worse, code
/// outside Switchboard that opens a file (libdispatch does, about once a second) traps. So each
/// server holds at most its configured number of connections, and all servers of the process
/// together hold at most ``processLimit``, which leaves a reserve of descriptors for files, name
/// resolution, clients and the runtime.
struct ConnectionAdmission: Sendable {
    /// Connections this server holds now.
    private let held = Locked(0)
    let maximum: Int
    private let budget: DescriptorBudget

    init(maximum: Int, budget: DescriptorBudget = .shared) {
        self.maximum = max(1, maximum)
        self.budget = budget
    }

    /// Admits one more connection, or returns `false` when this server or the process is full.
    func admit() -> Bool {
        let admitted = held.withLock { count in
            guard count < maximum else { return false }
            count += 1
            return true
        }
        guard admitted else { return false }
        if budget.acquire() { return true }
        held.withLock { $0 -= 1 }
        return false
    }

    /// Gives back a connection's place once it is closed.
    func release() {
        held.withLock { $0 -= 1 }
        budget.release()
    }

    /// Connections this server holds now (WebSockets and other upgraded connections included).
    var count: Int { held.withLock { $0 } }
}

/// The descriptors that every server of the process may spend on connections together.
final class DescriptorBudget: Sendable {
    private let used = Locked(0)
    let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// The process-wide budget: ``processLimit`` connections.
    static let shared = DescriptorBudget(limit: processLimit)

    /// `RLIMIT_NOFILE`'s soft limit (read once, when a server first starts) minus ``reserve(for:)``.
    static let processLimit: Int = limit(forSoftLimit: softDescriptorLimit())

    /// The connection budget for a process allowed `softLimit` descriptors.
    static func limit(forSoftLimit softLimit: Int) -> Int {
        max(1, softLimit - reserve(for: softLimit))
    }

    /// Descriptors kept out of the connection budget: a quarter of the limit, and at least 64
    /// (files, name resolution, outgoing connections, the event loop, the Swift and Dispatch runtimes).
    static func reserve(for softLimit: Int) -> Int {
        min(softLimit - 1, max(64, softLimit / 4))
    }

    /// The soft `RLIMIT_NOFILE` limit; an unlimited or unreadable limit counts as 1,048,576.
    static func softDescriptorLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let status = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        #else
            let status = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        let fallback = 1 << 20
        // RLIM_INFINITY is the largest value, so the clamp covers it.
        guard status == 0 else { return fallback }
        return Int(min(UInt64(limit.rlim_cur), UInt64(fallback)))
    }

    func acquire() -> Bool {
        used.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func release() { used.withLock { $0 -= 1 } }

    var count: Int { used.withLock { $0 } }
}
