import Foundation
import Switchboard
import SwitchboardCore

/// The verification keys of the JWKS files, kept current while the server runs: an issuer
/// rotates its keys (a new `kid` signs new tokens, the old key is withdrawn later), and an
/// operator who saves the new document over the file expects it to count without a restart.
///
/// The files' stamps (modification time, size and file number) are looked at when tokens are
/// verified, at most once per ``interval``; when one changed, every file is read again. A read
/// that fails (a file half-written, removed, or left without a usable key) keeps the keys that
/// were in use and is logged once, until the files change again: a broken save never locks
/// every user out, and a withdrawn key stops verifying as soon as the document without it
/// is read.
package final class KeySetFiles: Sendable {
    /// How often the files are looked at, at most (1 second by default): a stat per file, on
    /// the request path of a token only.
    package static let defaultInterval: Duration = .seconds(1)

    /// What identifies a file's version without reading it.
    private struct Stamp: Hashable {
        var modified: Date?
        var size: Int?
        var fileNumber: Int?
    }

    private struct State {
        var keys: [VerificationKey]
        /// The stamps of the files as last read (successfully or not).
        var stamps: [Stamp?]
        var lastLook: ContinuousClock.Instant
    }

    /// The JWKS files, in the order their keys are tried.
    let files: [URL]
    let interval: Duration
    private let logger: SwitchboardLogger
    private let state: Locked<State>

    /// Reads `files` (each must hold a usable key) and watches them.
    init(files: [URL], interval: Duration = KeySetFiles.defaultInterval, logger: SwitchboardLogger)
        throws(TokenKeyError)
    {
        guard !files.isEmpty else { throw .noKeySetFiles }
        self.files = files
        self.interval = interval
        self.logger = logger
        let stamps = files.map(Self.stamp(of:))
        let keys = try Self.load(files)
        state = Locked(State(keys: keys, stamps: stamps, lastLook: .now))
    }

    /// Keys given as they are, never read again (for verifying with known keys).
    init(keys: [VerificationKey]) {
        files = []
        interval = .zero
        logger = SwitchboardLogger(handler: nil, source: "server")
        state = Locked(State(keys: keys, stamps: [], lastLook: .now))
    }

    /// The keys in use, after reading the files again if one changed since they were last read.
    var keys: [VerificationKey] {
        guard !files.isEmpty else { return state.withLock { $0.keys } }
        let now = ContinuousClock.Instant.now
        let due = state.withLock { state in
            guard now - state.lastLook >= interval else { return false }
            state.lastLook = now
            return true
        }
        if due { refreshIfChanged() }
        return state.withLock { $0.keys }
    }

    /// Reads the files when their stamps differ from those last read; the file IO happens
    /// outside the lock, so verifications on other threads keep the current keys meanwhile.
    private func refreshIfChanged() {
        let stamps = files.map(Self.stamp(of:))
        let changed = state.withLock { state in
            guard stamps != state.stamps else { return false }
            state.stamps = stamps
            return true
        }
        guard changed else { return }
        do throws(TokenKeyError) {
            let keys = try Self.load(files)
            state.withLock { $0.keys = keys }
            let ids = keys.map { $0.id ?? "(no kid)" }.joined(separator: ", ")
            logger.log(.notice, "Token verification keys read again after a JWKS file changed: \(ids).")
        } catch {
            logger.log(
                .warning,
                "A JWKS file changed but cannot be used; tokens are still verified with the keys read before. \(error)"
            )
        }
    }

    private static func load(_ files: [URL]) throws(TokenKeyError) -> [VerificationKey] {
        var keys: [VerificationKey] = []
        for file in files { keys += try JSONWebKeySet.load(file) }
        return keys
    }

    /// The file's stamp, `nil` when it cannot be looked at (removed, unreadable directory).
    private static func stamp(of file: URL) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else { return nil }
        return Stamp(
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.intValue,
            fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.intValue)
    }
}
