import Foundation

/// A file named on the command line (or one the CLI writes) that could not be read or written:
/// `cannot read PATH: no such file or directory`. The reason is the system's (errno), never a
/// generic "could not be completed".
struct FileAccessError: Error, CustomStringConvertible {
    /// What the CLI tried to do with the file.
    enum Operation: String, Sendable {
        case read = "read"
        case write = "write"
        case createDirectory = "create the directory"
        case list = "list"
    }

    /// What was tried.
    let operation: Operation
    /// The file, as the user named it.
    let path: String
    /// Why it failed, in the system's words (`permission denied`, `is a directory`).
    let reason: String
    /// The POSIX error code, when the failure had one.
    let code: Int32?

    /// A failure with a POSIX error code.
    init(_ operation: Operation, path: String, code: Int32) {
        self.init(operation, path: path, reason: Self.reason(code: code), code: code)
    }

    /// A failure Foundation reported: its underlying POSIX error when it has one (it usually does),
    /// else what its Cocoa code means, else its own description.
    init(_ operation: Operation, path: String, error: any Error) {
        if let code = Self.posixCode(of: error) {
            self.init(operation, path: path, code: code)
        } else {
            self.init(operation, path: path, reason: (error as NSError).localizedDescription, code: nil)
        }
    }

    /// A failure described in words.
    init(_ operation: Operation, path: String, reason: String, code: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// `cannot read PATH: reason`.
    var description: String { "cannot \(operation.rawValue) \(path): \(reason)" }

    /// Whether the file does not exist (as opposed to existing but being unusable): no such file, or
    /// a part of its path that is not a directory.
    var isMissingFile: Bool { code == ENOENT || code == ENOTDIR }

    /// `strerror` with a lower-case first letter, to follow a colon: `no such file or directory`.
    static func reason(code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The file a Foundation error names, if it names one.
    static func path(named error: any Error) -> String? {
        (error as NSError).userInfo[NSFilePathErrorKey] as? String
    }

    /// The POSIX code behind a Foundation file error.
    private static func posixCode(of error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteFileExists: return EEXIST
        default: return nil
        }
    }
}
