#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which event loop's thread the caller runs on, for state kept once per loop: threads that
/// never share such state never write the same memory (a lock's counter, a reference count),
/// which otherwise moves a cache line between processors on every access. And how many jobs the
/// loop's current turn runs, for a job that would rather let the others go first, and the loop
/// itself, which takes such a job back in its next turn.
package enum CurrentLoop {
    /// The number of the loop whose thread is calling (loops are numbered from 0 as they are
    /// created), or `nil` on any other thread (and everywhere, should the process have no
    /// thread-specific key left: the number is only a hint for spreading state).
    package static var number: Int? { loop?.number }

    /// The loop whose thread is calling, or `nil` on any other thread.
    static var loop: EventLoop? {
        guard let loopKey, let value = pthread_getspecific(loopKey) else { return nil }
        return Unmanaged<EventLoop>.fromOpaque(value).takeUnretainedValue()
    }

    /// Marks the calling thread as `loop`'s.
    static func enter(_ loop: EventLoop) {
        // Unretained: a loop and its thread live as long as the process.
        if let loopKey { pthread_setspecific(loopKey, Unmanaged.passUnretained(loop).toOpaque()) }
    }

    /// How many jobs the turn the calling loop thread is running has; 0 on any other thread.
    package static var jobsInTurn: Int {
        guard let jobsKey, let value = pthread_getspecific(jobsKey) else { return 0 }
        return Int(bitPattern: value)
    }

    /// Records, before the loop runs a turn's jobs, how many there are.
    static func setJobsInTurn(_ count: Int) {
        guard let jobsKey else { return }
        pthread_setspecific(jobsKey, UnsafeRawPointer(bitPattern: count))
    }

    // A thread-specific value holding the loop.
    private static let loopKey = newKey()
    // A thread-specific value holding the count of jobs (0 is `nil`, which reads as 0).
    private static let jobsKey = newKey()

    private static func newKey() -> pthread_key_t? {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }
}
