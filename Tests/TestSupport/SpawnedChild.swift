import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn` and reaped by a thread of its own. Tests do not use
/// Foundation's `Process`: on Linux its `run()` lists `/proc/self/fd` copying 256 bytes from every
/// directory entry, which reads past glibc's buffer now and then and crashes the test process
/// (swift-corelibs-foundation pull request 5472, still in Swift 6.3.1); a test process with
/// hundreds of sockets open hit it in CI.
final class SpawnedChild: @unchecked Sendable {
    /// How the child ended.
    struct Exit: Sendable {
        /// Its exit status, or the number of the signal that ended it.
        let status: Int32
        /// Whether a signal (rather than `exit`) ended it.
        let bySignal: Bool
    }

    let pid: pid_t
    // `condition` protects `ended` and `waiters`.
    private let condition = NSCondition()
    private var ended: Exit?
    private var waiters: [CheckedContinuation<Exit, Never>] = []

    /// Starts `executable` with `arguments`, exactly `environment`, in `directory`, its standard
    /// input, output and error on these descriptors of this process (`nil`: `/dev/null`). No
    /// other descriptor of this process reaches the child.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: URL,
        standardInput: Int32?, standardOutput: Int32?, standardError: Int32?
    ) throws {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        for (target, source) in [
            (STDIN_FILENO, standardInput), (STDOUT_FILENO, standardOutput), (STDERR_FILENO, standardError),
        ] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            }
        }
        #if canImport(Darwin)
            posix_spawn_file_actions_addchdir_np(&actions, directory.path)
        #else
            try Self.glibc.addChdir(&actions, directory.path)
        #endif
        // Its own process group, as Foundation's `Process` does: a Ctrl-C meant for the tests is
        // not delivered to their children as well.
        var flags = Int32(POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            try Self.glibc.addClosefrom(&actions, 3)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        self.pid = pid
        Thread.detachNewThread { [self] in reap() }
    }

    /// Waits for the child to end (blocking this thread) and reports it.
    private func reap() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The wait status: the low 7 bits hold the signal that ended the child, 0 for `exit`,
        // whose status is the next byte.
        let signal = status & 0x7f
        let exit =
            signal == 0 ? Exit(status: (status >> 8) & 0xff, bySignal: false) : Exit(status: signal, bySignal: true)
        let waiting = condition.withLock { () -> [CheckedContinuation<Exit, Never>] in
            ended = exit
            condition.broadcast()
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in waiting { waiter.resume(returning: exit) }
    }

    /// How the child ended, or `nil` while it runs.
    var exit: Exit? { condition.withLock { ended } }

    /// Waits, without blocking a thread, until the child ends.
    func waitForExit() async -> Exit {
        await withCheckedContinuation { continuation in
            let known = condition.withLock { () -> Exit? in
                if ended == nil { waiters.append(continuation) }
                return ended
            }
            if let known { continuation.resume(returning: known) }
        }
    }

    /// Blocks this thread until the child ends.
    func blockUntilExit() -> Exit {
        condition.withLock {
            while ended == nil { condition.wait() }
            return ended!
        }
    }

    /// Sends `signal` unless the child has ended: checked under the lock its end is recorded
    /// under, so a number the system may have handed to another process is never signalled.
    func send(_ signal: Int32) {
        condition.withLock {
            if ended == nil { kill(pid, signal) }
        }
    }

    #if !canImport(Darwin)
        /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29) and `…_addclosefrom_np` (2.34),
        /// which its headers declare only for `_GNU_SOURCE`, out of reach of Swift's Glibc module.
        private struct GlibcSpawnActions: Sendable {
            typealias AddChdir =
                @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
                Int32
            typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            let chdir: AddChdir?
            let closefrom: AddClosefrom?

            init() {
                let handle = dlopen(nil, RTLD_NOW)
                chdir = dlsym(handle, "posix_spawn_file_actions_addchdir_np").map {
                    unsafeBitCast($0, to: AddChdir.self)
                }
                closefrom = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np").map {
                    unsafeBitCast($0, to: AddClosefrom.self)
                }
            }

            func addChdir(_ actions: inout posix_spawn_file_actions_t, _ path: String) throws {
                guard let chdir else { throw POSIXError(.ENOSYS) }
                let result = path.withCString { chdir(&actions, $0) }
                guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
            }

            func addClosefrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) throws {
                guard let closefrom else { throw POSIXError(.ENOSYS) }
                let result = closefrom(&actions, lowest)
                guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
            }
        }

        private static let glibc = GlibcSpawnActions()
    #endif
}
