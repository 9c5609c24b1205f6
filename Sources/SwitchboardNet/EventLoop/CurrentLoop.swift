#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which event loop's thread the caller runs on, for state kept once per loop: threads that
/// never share such state never write the same memory (a lock's counter, a reference count),
/// which otherwise moves a cache line between processors on every access.
package enum CurrentLoop {
    /// The number of the loop whose thread is calling (loops are numbered from 0 as they are
    /// created), or `nil` on any other thread (and everywhere, should the process have no
    /// thread-specific key left: the number is only a hint for spreading state).
    package static var number: Int? {
        guard let key, let value = pthread_getspecific(key) else { return nil }
        return Int(bitPattern: value) - 1
    }

    /// Marks the calling thread as loop `number`'s.
    static func enter(_ number: Int) {
        guard let key else { return }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
    }

    // A thread-specific value holding the number plus one (so that 0 is never stored as `nil`).
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
}
