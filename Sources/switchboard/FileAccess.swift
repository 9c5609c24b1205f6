import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing the files of the command line with the system's calls, so that every
/// failure is a ``FileAccessError`` naming the path and the reason (errno), which Foundation's file
/// errors do not always carry.
enum FileAccess {
    /// The largest file the command line reads (64 MiB): schemas, documents and configurations are
    /// far smaller, and `--schema /dev/zero` must not take the machine's memory.
    static let maximumReadSize = 64 << 20

    /// The bytes of the file at `path`, at most ``maximumReadSize``.
    static func read(_ path: String) throws(FileAccessError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileAccessError(.read, path: path, code: errno) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
                if data.count > maximumReadSize {
                    throw FileAccessError(.read, path: path, reason: "larger than \(maximumReadSize >> 20) MiB")
                }
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw FileAccessError(.read, path: path, code: errno)
            }
        }
    }

    /// The text of the UTF-8 file at `path`.
    static func readText(_ path: String) throws(FileAccessError) -> String {
        guard let text = String(data: try read(path), encoding: .utf8) else {
            throw FileAccessError(.read, path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Replaces the file at `path` with `data` at once: written to a new file beside it, then
    /// renamed over it, so that a reader never sees half of it. A path that is not a regular file
    /// (a symbolic link, `/dev/stdout`, a pipe) is written in place, so that the link and the
    /// device stay what they are.
    static func write(_ data: Data, to path: String) throws(FileAccessError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileAccessError(.write, path: path, code: errno) }
            var code = writeAll(data, to: descriptor)
            if close(descriptor) != 0, code == nil { code = errno }
            if let code { throw FileAccessError(.write, path: path, code: code) }
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileAccessError(.write, path: path, code: errno) }
        var code = writeAll(data, to: descriptor)
        if close(descriptor) != 0, code == nil { code = errno }
        if code == nil, rename(temporary, path) != 0 { code = errno }
        if let code {
            unlink(temporary)
            throw FileAccessError(.write, path: path, code: code)
        }
    }

    /// Creates the directory `path` and its missing parents; an existing directory is fine. A
    /// failure names the directory that could not be made.
    static func createDirectory(_ path: String) throws(FileAccessError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw FileAccessError(.createDirectory, path: path, code: EEXIST) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createDirectory(parent) }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw FileAccessError(.createDirectory, path: path, code: errno)
        }
    }

    /// Writes all of `data`, or returns the error number that stopped it.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if count >= 0 {
                    offset += count
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }
}
