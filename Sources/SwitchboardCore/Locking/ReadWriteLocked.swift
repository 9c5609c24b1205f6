#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a reader/writer lock: any number of readers at once, or one writer.
/// For state that many threads read and few change (a server's in-memory tables), where a mutex
/// or an actor would let only one request read at a time.
///
/// Writers are preferred where the platform lets us say so (glibc), so a steady stream of
/// readers cannot keep a write waiting forever. Bodies must not suspend, and must not take the
/// same lock again (reader/writer locks are not reentrant).
///
/// ```swift
/// let table = ReadWriteLocked([String: Int]())
/// table.withWriteLock { $0["a"] = 1 }
/// let a = table.withReadLock { $0["a"] }
/// ```
// Unchecked: the value is reached only through `withReadLock` (shared, read-only) and
// `withWriteLock` (exclusive), each holding the lock for the duration of the access.
package final class ReadWriteLocked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    /// Creates the lock around `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        value = initialValue
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        var attributes = pthread_rwlockattr_t()
        pthread_rwlockattr_init(&attributes)
        #if canImport(Glibc)
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
        #endif
        let result = pthread_rwlock_init(lock, &attributes)
        pthread_rwlockattr_destroy(&attributes)
        precondition(result == 0, "pthread_rwlock_init failed: \(result)")
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with shared, read-only access to the value; other readers may run at the same
    /// time, writers wait.
    package func withReadLock<Result, Failure: Error>(_ body: (borrowing Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(value)
    }

    /// Runs `body` with exclusive access to the value.
    package func withWriteLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body(&value)
    }
}
