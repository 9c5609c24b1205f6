import CZlib
import Foundation

/// Undoes a response's `Content-Encoding` (RFC 9110 §8.4) with the system zlib: `gzip` (and its
/// alias `x-gzip`, several members allowed), `deflate` (zlib-wrapped as RFC 9110 says, or raw, as
/// some servers send it) and `identity`. The decoded size is checked as it grows, so a small
/// compressed body cannot expand past the limit (a "zip bomb").
package enum HTTPContentDecoder {
    /// The `Accept-Encoding` a client sends to get the codings this decoder reads.
    package static let acceptEncoding = "gzip, deflate"

    /// The decoded body; codings listed in `contentEncoding` are undone last to first.
    /// - Throws: ``HTTPResponseError/bodyTooLarge(limit:)`` past `maximumSize` decoded bytes, and
    ///   ``HTTPResponseError/malformed(_:)`` naming an unknown coding or corrupt data.
    package static func decode(_ body: [UInt8], contentEncoding: String, maximumSize: Int) throws(HTTPResponseError)
        -> [UInt8]
    {
        let codings = contentEncoding.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var body = body
        for coding in codings.reversed() where !coding.isEmpty {
            switch coding {
            case "identity": continue
            case "gzip", "x-gzip": body = try inflate(body, format: .gzip, maximumSize: maximumSize)
            case "deflate":
                // A zlib header's first byte has 8 (deflate) in its low nibble; anything else is raw deflate.
                let format: Format = body.first.map { $0 & 0x0F == 8 } ?? true ? .zlib : .raw
                body = try inflate(body, format: format, maximumSize: maximumSize)
            default:
                throw .malformed("unsupported Content-Encoding: \(contentEncoding.prefix(80))")
            }
        }
        return body
    }

    private enum Format: CustomStringConvertible {
        case gzip, zlib, raw

        var description: String { self == .gzip ? "gzip" : "deflate" }

        /// zlib's `windowBits` for the format: 15 (the largest window) plus 16 for a gzip wrapper,
        /// negated for none.
        var windowBits: Int32 {
            switch self {
            case .gzip: 31
            case .zlib: 15
            case .raw: -15
            }
        }
    }

    private static func inflate(_ input: [UInt8], format: Format, maximumSize: Int) throws(HTTPResponseError)
        -> [UInt8]
    {
        var stream = z_stream()
        guard switchboard_inflate_init(&stream, format.windowBits) == Z_OK else {
            throw .malformed("zlib could not start decoding the \(format) body")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var window = [UInt8](repeating: 0, count: 65_536)
        var consumed = 0
        while true {
            let result: Int32 = input.withUnsafeBufferPointer { inputBytes in
                window.withUnsafeMutableBufferPointer { windowBytes in
                    stream.next_in = UnsafeMutablePointer(mutating: inputBytes.baseAddress.map { $0 + consumed })
                    stream.avail_in = UInt32(input.count - consumed)
                    stream.next_out = windowBytes.baseAddress
                    stream.avail_out = UInt32(windowBytes.count)
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    consumed = input.count - Int(stream.avail_in)
                    return result
                }
            }
            let produced = window.count - Int(stream.avail_out)
            guard produced <= maximumSize - output.count else { throw .bodyTooLarge(limit: maximumSize) }
            output += window[..<produced]
            switch result {
            case Z_STREAM_END:
                guard consumed < input.count else { return output }
                // gzip allows several members one after another (RFC 1952 §2.2); nothing else may follow.
                guard format == .gzip else {
                    throw .malformed("\(input.count - consumed) bytes follow the end of the \(format) body")
                }
                guard inflateReset(&stream) == Z_OK else { throw .malformed("zlib could not reset") }
            case Z_OK:
                continue
            case Z_BUF_ERROR where produced == 0 && consumed == input.count:
                throw .malformed("the \(format) body ends before its end marker")
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "error \(result)"
                throw .malformed("the \(format) body is corrupt at byte \(consumed): \(reason)")
            }
        }
    }
}
