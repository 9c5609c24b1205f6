#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock: the package's replacement for `Synchronization.Mutex`, which needs
/// macOS 15 / iOS 18, so that the package builds for the platforms Amplify supports
/// (macOS 13, iOS 16).
///
/// The value and the lock live in one heap object (one allocation); copies of a `Locked` share
/// them. The lock is `os_unfair_lock` on Apple platforms and a `pthread_mutex_t` elsewhere.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
// Unchecked: the value is reached only through `withLock`, while holding the lock.
package struct Locked<Value>: @unchecked Sendable {
    // Sendable because every access to the value goes through `withLock`, which holds the lock
    // for the duration of the access; the storage object is never exposed.
    private let storage: LockedStorage<Value>

    /// Creates the lock around `initialValue`.
    package init(_ initialValue: consuming sending Value) {
        storage = LockedStorage.make(initialValue)
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let storage = self.storage
        let lock = storage.lockPointer
        LockPrimitive.lock(lock)
        defer {
            LockPrimitive.unlock(lock)
            withExtendedLifetime(storage) {}
        }
        return try body(&storage.header)
    }

    /// Runs `body` with exclusive access to the value if the lock is free now; `nil` without
    /// running it when another thread holds the lock.
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        let storage = self.storage
        let lock = storage.lockPointer
        guard LockPrimitive.tryLock(lock) else { return nil }
        defer {
            LockPrimitive.unlock(lock)
            withExtendedLifetime(storage) {}
        }
        return try body(&storage.header)
    }
}

/// The heap object of a ``Locked``: the value as the buffer's header, the lock as its one element.
final class LockedStorage<Value>: ManagedBuffer<Value, LockPrimitive.Raw> {
    static func make(_ value: consuming sending Value) -> LockedStorage<Value> {
        var pending = Optional(value)
        let buffer = create(minimumCapacity: 1) { _ in pending.take()! }
        let storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { LockPrimitive.initialize($0) }
        return storage
    }

    /// The lock's address: tail-allocated in this object, so stable for the object's lifetime.
    var lockPointer: UnsafeMutablePointer<LockPrimitive.Raw> {
        withUnsafeMutablePointerToElements { $0 }
    }

    deinit {
        withUnsafeMutablePointerToElements { LockPrimitive.destroy($0) }
    }
}

/// The platform's lock, behind four calls.
enum LockPrimitive {
    #if canImport(Darwin)
        typealias Raw = os_unfair_lock

        static func initialize(_ lock: UnsafeMutablePointer<Raw>) { lock.initialize(to: os_unfair_lock()) }
        static func destroy(_ lock: UnsafeMutablePointer<Raw>) { lock.deinitialize(count: 1) }
        static func lock(_ lock: UnsafeMutablePointer<Raw>) { os_unfair_lock_lock(lock) }
        static func unlock(_ lock: UnsafeMutablePointer<Raw>) { os_unfair_lock_unlock(lock) }
        static func tryLock(_ lock: UnsafeMutablePointer<Raw>) -> Bool { os_unfair_lock_trylock(lock) }
    #else
        typealias Raw = pthread_mutex_t

        static func initialize(_ lock: UnsafeMutablePointer<Raw>) {
            lock.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(lock, nil)
            precondition(result == 0, "pthread_mutex_init failed: \(result)")
        }
        static func destroy(_ lock: UnsafeMutablePointer<Raw>) {
            pthread_mutex_destroy(lock)
            lock.deinitialize(count: 1)
        }
        static func lock(_ lock: UnsafeMutablePointer<Raw>) { pthread_mutex_lock(lock) }
        static func unlock(_ lock: UnsafeMutablePointer<Raw>) { pthread_mutex_unlock(lock) }
        static func tryLock(_ lock: UnsafeMutablePointer<Raw>) -> Bool { pthread_mutex_trylock(lock) == 0 }
    #endif
}
