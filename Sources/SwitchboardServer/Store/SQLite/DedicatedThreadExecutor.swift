import Foundation
import SwitchboardCore

/// A serial executor with a thread of its own, for an actor whose work blocks: SQLite waits on
/// the file lock of another connection for up to its busy timeout, and on the disk. On the shared
/// cooperative pool (one thread per core) such a wait takes a thread from every other task in the
/// process: five seconds of a locked database stalled unrelated connections long enough to fail.
/// Jobs run in the order they were enqueued, one at a time. The thread ends when the executor is
/// released (its actor is gone, so no job can follow).
final class DedicatedThreadExecutor: SerialExecutor {
    /// The jobs waiting and the thread's signal, shared with the thread (which must not keep the
    /// executor alive).
    private final class JobQueue: @unchecked Sendable {
        // Unchecked: every member is read and written with `condition` locked.
        let condition = NSCondition()
        var jobs: [UnownedJob] = []
        var finished = false
        var executor: UnownedSerialExecutor?
    }

    private let queue = JobQueue()

    /// Starts the thread, named `name` for debuggers and profiles (at most 15 bytes are kept).
    init(name: String) {
        queue.executor = UnownedSerialExecutor(ordinary: self)
        let thread = Thread { [queue] in
            ThreadName.set(name)
            Self.run(queue)
        }
        thread.start()
    }

    deinit {
        queue.condition.lock()
        queue.finished = true
        queue.condition.signal()
        queue.condition.unlock()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.condition.lock()
        queue.jobs.append(job)
        queue.condition.signal()
        queue.condition.unlock()
    }

    private static func run(_ queue: JobQueue) {
        while true {
            queue.condition.lock()
            while queue.jobs.isEmpty && !queue.finished { queue.condition.wait() }
            guard !queue.jobs.isEmpty, let executor = queue.executor else {
                queue.condition.unlock()
                return
            }
            let batch = queue.jobs
            queue.jobs.removeAll(keepingCapacity: true)
            queue.condition.unlock()
            // A waiting job holds its actor, which holds this executor: it is alive while they run.
            for job in batch { job.runSynchronously(on: executor) }
        }
    }
}
