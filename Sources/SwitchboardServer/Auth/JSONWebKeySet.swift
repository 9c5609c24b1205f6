import Foundation

/// Why token verification cannot be set up; the server does not start. Never holds key material:
/// the messages name the file, the key (by `kid` or position) and the problem.
enum TokenKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file is not a JWKS document (not JSON, or no `keys` array).
    case notKeySet(file: String, reason: String)
    /// A key of a supported type has missing or broken members.
    case malformedKey(file: String, key: String, reason: String)
    /// Every key was skipped (each with its reason), or there were none.
    case noUsableKey(file: String, skipped: [String])
    /// Verification was asked for without a JWKS file.
    case noKeySetFiles
    /// Verification was asked for without an issuer.
    case noIssuer

    /// What is wrong and where.
    var description: String {
        switch self {
        case .unreadable(let file, let reason): "the JWKS file \(file) cannot be read: \(reason)"
        case .notKeySet(let file, let reason): "the JWKS file \(file) is not a JWKS document: \(reason)"
        case .malformedKey(let file, let key, let reason): "the JWKS file \(file): \(key) is malformed: \(reason)"
        case .noUsableKey(let file, let skipped):
            "the JWKS file \(file) has no RS256 or ES256 signing key"
                + (skipped.isEmpty ? " (its keys array is empty)" : " (skipped: \(skipped.joined(separator: "; ")))")
        case .noKeySetFiles: "token verification needs at least one JWKS file with the issuer's public keys"
        case .noIssuer: "token verification needs at least one issuer, the iss value tokens must carry"
        }
    }
}

/// A JWKS document (RFC 7517 section 5, `{"keys": […]}`) read into verification keys: keys of
/// other types, curves, uses or algorithms are skipped, so an issuer's whole document can be
/// given; a broken key of a supported type, or a document with no usable key, is an error.
enum JSONWebKeySet {
    /// The usable keys of the document in `file`.
    static func load(_ file: URL) throws(TokenKeyError) -> [VerificationKey] {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: file))
        } catch {
            throw .unreadable(file: file.path, reason: (error as NSError).localizedDescription)
        }
        return try keys(in: bytes, file: file.path)
    }

    /// The usable keys of the document `bytes`, `file` naming it in errors.
    static func keys(in bytes: [UInt8], file: String) throws(TokenKeyError) -> [VerificationKey] {
        guard let document = try? JSONReader.read(bytes) else { throw .notKeySet(file: file, reason: "it is not JSON") }
        guard case .array(let entries)? = document["keys"] else {
            throw .notKeySet(file: file, reason: "it has no \"keys\" array")
        }
        var keys: [VerificationKey] = []
        var skipped: [String] = []
        for (index, entry) in entries.enumerated() {
            let name = entry["kid"]?.stringValue.map { "key \(JSON.string($0).text)" } ?? "key #\(index + 1)"
            do throws(JSONWebKey.Problem) {
                keys.append(try VerificationKey(try JSONWebKey(entry)))
            } catch {
                switch error {
                case .unsupported(let reason): skipped.append("\(name): \(reason)")
                case .malformed(let reason): throw .malformedKey(file: file, key: name, reason: reason)
                }
            }
        }
        guard !keys.isEmpty else { throw .noUsableKey(file: file, skipped: skipped) }
        return keys
    }
}
