import CZlib

/// Compresses bytes as gzip (RFC 1952) or zlib-wrapped deflate (RFC 1950) with the system zlib,
/// for servers in tests that send `Content-Encoding: gzip` or `deflate`.
public enum TestCompression {
    /// The wrapper around the deflate data.
    public enum Format: Sendable {
        case gzip, zlib, raw

        var windowBits: Int32 {
            switch self {
            case .gzip: 31
            case .zlib: 15
            case .raw: -15
            }
        }
    }

    /// `bytes` compressed in `format`.
    public static func compress(_ bytes: [UInt8], format: Format = .gzip) -> [UInt8] {
        var stream = z_stream()
        precondition(switchboard_deflate_init(&stream, Z_DEFAULT_COMPRESSION, format.windowBits) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { inputBytes in
            output.withUnsafeMutableBufferPointer { outputBytes in
                stream.next_in = inputBytes.baseAddress
                stream.avail_in = UInt32(inputBytes.count)
                stream.next_out = outputBytes.baseAddress
                stream.avail_out = UInt32(outputBytes.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outputBytes.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<produced])
    }
}
