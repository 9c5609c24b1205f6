#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread's name as the system shows it: in `top -H`, `ps -L`, `perf` and debuggers.
///
/// Foundation's `Thread.name` does not reach Linux for a name longer than the kernel's 15 bytes:
/// the thread keeps the name of the thread that created it (for one started from a task,
/// the cooperative pool's `…root.default-qos`). The threads the framework starts name themselves
/// with this instead.
package enum ThreadName {
    /// The longest name Linux keeps, in UTF-8 bytes.
    private static let maximumLength = 15

    /// The calling thread's name as Linux reads and writes it.
    private static let linuxNameFile = "/proc/thread-self/comm"

    /// Names the calling thread `name`, cut to 15 bytes (Linux's limit) without splitting a
    /// character.
    package static func set(_ name: String) {
        var cut = Substring(name)
        while cut.utf8.count > maximumLength { cut.removeLast() }
        #if os(Linux)
            // Swift's Glibc module leaves out `pthread_setname_np` (a GNU extension); the kernel
            // takes the name through the thread's `comm` file as well.
            let file = open(linuxNameFile, O_WRONLY | O_CLOEXEC)
            guard file >= 0 else { return }
            defer { close(file) }
            let bytes = Array(cut.utf8)
            _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        #elseif canImport(Darwin)
            _ = pthread_setname_np(String(cut))
        #endif
    }

    /// The calling thread's name, as the system has it ("" where it cannot be read).
    package static var current: String {
        var buffer = [UInt8](repeating: 0, count: 64)
        #if os(Linux)
            let file = open(linuxNameFile, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { return "" }
            defer { close(file) }
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return "" }
            // The kernel ends the name with a line feed.
            return String(decoding: buffer[..<count].prefix { $0 != 10 }, as: UTF8.self)
        #elseif canImport(Darwin)
            let status = buffer.withUnsafeMutableBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { pthread_getname_np(pthread_self(), $0.baseAddress!, $0.count) }
            }
            guard status == 0 else { return "" }
            return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        #else
            return ""
        #endif
    }
}
