import Foundation
import SwitchboardCore

extension EventLoop {
    /// The loops servers spread their connections over: the shared loop first, then the others,
    /// each created when a server first asks for that many and kept for the life of the process,
    /// so that a process starting many servers (a test suite) does not start a thread for each.
    private static let pool = Locked<[EventLoop]>([])

    /// The first `count` loops of the process's pool (at least one, the shared loop), creating
    /// those that do not exist yet.
    package static func pooled(count: Int) throws(NetworkError) -> [EventLoop] {
        let shared = try EventLoop.shared
        return try pool.withLock { loops throws(NetworkError) -> [EventLoop] in
            if loops.isEmpty { loops.append(shared) }
            while loops.count < count { loops.append(try EventLoop()) }
            return Array(loops.prefix(max(1, count)))
        }
    }

    /// How many loops a server runs unless configured otherwise: one per processor the process
    /// may use, at most 16.
    package static var defaultServerLoopCount: Int {
        min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
    }
}

extension DiscardingTaskGroup {
    /// Adds a child task that runs on `loop`'s thread where the platform supports task executors
    /// (Linux; macOS 15, iOS 18), and on the cooperative pool elsewhere.
    package mutating func addTask(
        onLoop loop: EventLoop, _ operation: sending @escaping @isolated(any) () async -> Void
    ) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            addTask(executorPreference: loop, operation: operation)
        } else {
            addTask(operation: operation)
        }
    }
}
