/// The loop as a task executor: a task that prefers it (`withTaskExecutorPreference(loop)`, or
/// `group.addTask(executorPreference: loop)`) runs on the loop's own thread, and so do the default
/// actors it calls. When the kernel reports its socket ready, the loop resumes the task in the same
/// thread, with no hand-off to a cooperative-pool thread and no futex wake-up in between.
///
/// The loop thread is shared by every socket of the loop: work that takes long (large decodes,
/// synchronous disk access) delays the readiness of all of them.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension EventLoop: TaskExecutor {
    /// Queues `job` to run on the loop thread, waking the thread if it is blocked in the poller.
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let mustWake = schedule.withLock { queue in
            queue.jobs.append(job)
            guard queue.isPolling, !queue.isWakeSent else { return false }
            queue.isWakeSent = true
            return true
        }
        if mustWake { poller.wake() }
    }
}

extension EventLoop {
    /// Runs the jobs queued so far (those they enqueue wait for the next round, after the loop has
    /// collected readiness, so that sockets are not starved by tasks that keep yielding).
    /// Returns whether there were any.
    func runEnqueuedJobs(_ batch: inout [UnownedJob]) -> Bool {
        schedule.withLock { queue in swap(&batch, &queue.jobs) }
        guard !batch.isEmpty else { return false }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            let executor = asUnownedTaskExecutor()
            CurrentLoop.setJobsInTurn(batch.count)
            for job in batch { job.runSynchronously(on: executor) }
            CurrentLoop.setJobsInTurn(0)
        }
        batch.removeAll(keepingCapacity: true)
        return true
    }
}

extension Task where Failure == Never {
    /// A task that runs on `loop`'s thread where the platform supports task executors (Linux;
    /// macOS 15, iOS 18), and on the cooperative pool elsewhere.
    @discardableResult
    static func onLoop(_ loop: EventLoop, _ operation: sending @escaping @isolated(any) () async -> Success) -> Task {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: loop, operation: operation)
        }
        return Task(operation: operation)
    }
}
