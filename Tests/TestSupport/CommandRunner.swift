import Foundation

/// Runs a product executable (`switchboard`) as a child process, as a user would from a shell.
public enum CommandRunner {
    /// What a finished command printed and returned.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: String
        /// Everything written to standard error.
        public var standardError: String
    }

    /// The built executable named `name`, next to the test bundle, or `nil` (with a printed
    /// reason) when it has not been built.
    public static func executable(_ name: String, caller: String = #function) -> URL? {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        print("skipping \(caller): the \(name) executable was not found next to the test bundle")
        return nil
    }

    /// Where children run: the package root, never the test process's current directory, which
    /// tests of `Switchboard.configure()` move into temporary folders they delete afterwards (a
    /// compiler started meanwhile would crash on a vanished working directory).
    public static let childWorkingDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `executable` with `arguments` and extra `environment`, without blocking a thread of
    /// the cooperative pool while it runs. `standardInput` is written to the child's standard
    /// input, which is then closed; without it the child reads an empty standard input. Children
    /// run one per core at most (``AsyncGate/childProcesses``), compilers at a lower priority than
    /// the tests; the others wait their turn. A child still running `timeout` after it started is killed (its
    /// status is then `SIGKILL`'s number).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], standardInput: Data? = nil,
        timeout: Duration = .seconds(60)
    ) async throws -> Result {
        try await AsyncGate.childProcesses.run {
            try await runNow(
                executable, arguments, environment: environment, standardInput: standardInput, timeout: timeout)
        }
    }

    /// POSIX `nice`, on Linux and macOS alike.
    private static let niceExecutable = URL(fileURLWithPath: "/usr/bin/nice")
    /// The children that run at a lower priority.
    private static let toolchainCommands: Set<String> = ["swiftc", "swift", "swift-format", "swift-frontend"]

    private static func runNow(
        _ executable: URL, _ arguments: [String], environment: [String: String], standardInput: Data?,
        timeout: Duration
    ) async throws -> Result {
        let process = Process()
        // Compilers and formatters at a lower priority (`nice` execs the command, so the process is
        // the child itself): those the codegen tests run took half of the machine's CPU during
        // `swift test`, and the tests' own threads (servers and clients with deadlines) should
        // come first. Other children, such as clients of servers in this process, keep theirs.
        if Self.toolchainCommands.contains(executable.lastPathComponent),
            FileManager.default.isExecutableFile(atPath: niceExecutable.path)
        {
            process.executableURL = niceExecutable
            process.arguments = ["-n", "10", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = childWorkingDirectory
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        let collectedOutput = DataCollector(output.fileHandleForReading)
        let collectedErrors = DataCollector(errors.fileHandleForReading)
        let child = ChildExit()
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { process in
                child.markExited()
                continuation.resume(returning: process.terminationStatus)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            child.killAfter(timeout, pid: process.processIdentifier)
            // Written from a background queue: a child that never reads must not block this task.
            // A child that exits without reading must not kill the test process with SIGPIPE
            // either: the write then fails with EPIPE instead.
            if standardInput != nil { signal(SIGPIPE, SIG_IGN) }
            let writer = input.fileHandleForWriting
            Thread.detachNewThread {
                if let standardInput { try? writer.write(contentsOf: standardInput) }
                try? writer.close()
            }
        }
        return Result(
            status: status, standardOutput: await collectedOutput.finish(),
            standardError: await collectedErrors.finish())
    }
}

/// Kills a child that overran its time, unless it has exited: the flag is set, under the lock,
/// before the exit is reported, so a number the system may hand to another process is never
/// signalled.
private final class ChildExit: @unchecked Sendable {
    // `lock` protects `hasExited`.
    private let lock = NSLock()
    private var hasExited = false

    func markExited() { lock.withLock { hasExited = true } }

    func killAfter(_ timeout: Duration, pid: Int32) {
        Task.detached { [self] in
            try? await Task.sleep(for: timeout)
            lock.withLock {
                if !hasExited { kill(pid, SIGKILL) }
            }
        }
    }
}

/// Drains a pipe on a thread of its own with blocking reads, so a chatty child never blocks on a
/// full pipe buffer. (Foundation's `readabilityHandler` crashed in libdispatch on Linux when it
/// was cleared while the child's last bytes arrived.) Nothing here waits on a Dispatch worker:
/// on Linux those are the threads Swift concurrency runs on, and tests blocking them starve the
/// whole suite's network tests.
private final class DataCollector: @unchecked Sendable {
    private struct State {
        var data = Data()
        var isDone = false
        var waiter: CheckedContinuation<Data, Never>?
    }

    // `lock` protects `state`.
    private let lock = NSLock()
    private var state = State()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty {
                lock.withLock { state.data.append(chunk) }
            }
            let (waiter, data) = lock.withLock { () -> (CheckedContinuation<Data, Never>?, Data) in
                state.isDone = true
                defer { state.waiter = nil }
                return (state.waiter, state.data)
            }
            waiter?.resume(returning: data)
        }
    }

    /// Everything the child wrote, once it closed the pipe (it has exited when this is called).
    func finish() async -> String {
        let data = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
            let ready = lock.withLock { () -> Data? in
                if state.isDone { return state.data }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return String(decoding: data, as: UTF8.self)
    }
}

extension CommandRunner {
    /// A long-running child process (a server) whose output is read line by line.
    public final class RunningProcess: @unchecked Sendable {
        // `process` is configured before `run()` and then only queried or terminated, which
        // Foundation's Process allows from any thread; `lines` is an AsyncStream (Sendable).
        private let process: Process
        private var iterator: AsyncStream<String>.Iterator

        fileprivate init(process: Process, lines: AsyncStream<String>) {
            self.process = process
            self.iterator = lines.makeAsyncIterator()
        }

        /// The next line of standard output, or `nil` once the process closed it.
        public func nextLine() async -> String? { await iterator.next() }

        /// Whether the process is still running (a server that crashed is not).
        public var isRunning: Bool { process.isRunning }

        /// Sends SIGTERM (and waits briefly for the process to go).
        public func terminate() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }

        /// Sends `signal` (SIGINT, SIGTERM, SIGKILL…) to the process if it is still running.
        public func send(signal: Int32) {
            if process.isRunning { kill(process.processIdentifier, signal) }
        }

        /// Waits, without blocking a thread of the cooperative pool, until the process exits;
        /// returns its exit status, or the signal's number when a signal ended it.
        public func exitStatus() async -> Int32 {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { [process] in
                    process.waitUntilExit()
                    continuation.resume(returning: process.terminationStatus)
                }
            }
        }

        /// Whether a signal (rather than `exit`) ended the process; valid after ``exitStatus()``.
        public var wasKilledBySignal: Bool { process.terminationReason == .uncaughtSignal }
    }

    /// Starts `executable` with extra `environment` and returns at once; read its output with
    /// ``RunningProcess/nextLine()``.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> RunningProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = childWorkingDirectory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let buffer = LineBuffer()
        let handle = output.fileHandleForReading
        try process.run()
        // Blocking reads on a thread of its own (see DataCollector), until the child closes it.
        Thread {
            while case let chunk = handle.availableData, !chunk.isEmpty {
                for line in buffer.append(chunk) { continuation.yield(line) }
            }
            continuation.finish()
        }.start()
        return RunningProcess(process: process, lines: lines)
    }
}

/// Splits pipe output into lines; used from one reader thread only.
private final class LineBuffer: @unchecked Sendable {
    // Only the reader thread touches `pending`.
    private var pending = Data()

    func append(_ chunk: Data) -> [String] {
        pending.append(chunk)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: 10) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending = Data(pending[pending.index(after: newline)...])
        }
        return lines
    }
}
