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
        // Compilers and formatters at a lower priority (`nice` execs the command, so the process is
        // the child itself): those the codegen tests run took half of the machine's CPU during
        // `swift test`, and the tests' own threads (servers and clients with deadlines) should
        // come first. Other children, such as clients of servers in this process, keep theirs.
        var command = [executable.path] + arguments
        if Self.toolchainCommands.contains(executable.lastPathComponent),
            FileManager.default.isExecutableFile(atPath: niceExecutable.path)
        {
            command = [niceExecutable.path, "-n", "10"] + command
        }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        let child = try SpawnedChild(
            command[0], Array(command.dropFirst()),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            directory: childWorkingDirectory, standardInput: input.fileHandleForReading.fileDescriptor,
            standardOutput: output.fileHandleForWriting.fileDescriptor,
            standardError: errors.fileHandleForWriting.fileDescriptor)
        // The child has its own copies: the pipes end when it closes them.
        for handle in [input.fileHandleForReading, output.fileHandleForWriting, errors.fileHandleForWriting] {
            try? handle.close()
        }
        let collectedOutput = DataCollector(output.fileHandleForReading)
        let collectedErrors = DataCollector(errors.fileHandleForReading)
        Task.detached {
            try? await Task.sleep(for: timeout)
            child.send(SIGKILL)
        }
        // Written from a thread of its own: a child that never reads must not block this task.
        // A child that exits without reading must not kill the test process with SIGPIPE either:
        // the write then fails with EPIPE instead.
        if standardInput != nil { signal(SIGPIPE, SIG_IGN) }
        let writer = input.fileHandleForWriting
        Thread.detachNewThread {
            if let standardInput { try? writer.write(contentsOf: standardInput) }
            try? writer.close()
        }
        let status = await child.waitForExit().status
        return Result(
            status: status, standardOutput: await collectedOutput.finish(),
            standardError: await collectedErrors.finish())
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
        // `child` is Sendable; `iterator` is advanced by one caller at a time (`nextLine`).
        private let child: SpawnedChild
        private var iterator: AsyncStream<String>.Iterator

        fileprivate init(child: SpawnedChild, lines: AsyncStream<String>) {
            self.child = child
            self.iterator = lines.makeAsyncIterator()
        }

        /// The next line of standard output, or `nil` once the process closed it.
        public func nextLine() async -> String? { await iterator.next() }

        /// Whether the process is still running (a server that crashed is not).
        public var isRunning: Bool { child.exit == nil }

        /// Sends SIGTERM and waits for the process to go.
        public func terminate() {
            child.send(SIGTERM)
            _ = child.blockUntilExit()
        }

        /// Sends `signal` (SIGINT, SIGTERM, SIGKILL…) to the process if it is still running.
        public func send(signal: Int32) { child.send(signal) }

        /// Waits, without blocking a thread of the cooperative pool, until the process exits;
        /// returns its exit status, or the signal's number when a signal ended it.
        public func exitStatus() async -> Int32 { await child.waitForExit().status }

        /// Whether a signal (rather than `exit`) ended the process; valid after ``exitStatus()``.
        public var wasKilledBySignal: Bool { child.exit?.bySignal ?? false }
    }

    /// Starts `executable` with extra `environment` and returns at once; read its output with
    /// ``RunningProcess/nextLine()``.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> RunningProcess {
        let output = Pipe()
        let child = try SpawnedChild(
            executable.path, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            directory: childWorkingDirectory, standardInput: STDIN_FILENO,
            standardOutput: output.fileHandleForWriting.fileDescriptor, standardError: nil)
        try? output.fileHandleForWriting.close()
        let (lines, continuation) = AsyncStream<String>.makeStream()
        let buffer = LineBuffer()
        let handle = output.fileHandleForReading
        // Blocking reads on a thread of its own (see DataCollector), until the child closes it.
        Thread {
            while case let chunk = handle.availableData, !chunk.isEmpty {
                for line in buffer.append(chunk) { continuation.yield(line) }
            }
            continuation.finish()
        }.start()
        return RunningProcess(child: child, lines: lines)
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
