/// MD5 (RFC 1321), used only where Amplify uses it: to shorten subscription names longer than 50
/// characters (the first 45 characters plus the first 5 hex digits of the name's MD5) and, in
/// `SwitchboardCodegen`, for the version hash of generated models. Not for security.
package enum MD5 {
    /// The lowercase hex digest of the UTF-8 bytes of `text`.
    package static func hexDigest(_ text: String) -> String {
        digest(Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 0, to: 64, by: 8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
        for chunkStart in stride(from: 0, to: padded.count, by: 64) {
            var words = [UInt32](repeating: 0, count: 16)
            for index in 0..<16 {
                let base = chunkStart + index * 4
                words[index] =
                    UInt32(padded[base]) | UInt32(padded[base + 1]) << 8 | UInt32(padded[base + 2]) << 16
                    | UInt32(padded[base + 3]) << 24
            }
            var (a, b, c, d) = state
            for round in 0..<64 {
                let mixed: UInt32
                let wordIndex: Int
                switch round {
                case 0..<16:
                    mixed = (b & c) | (~b & d)
                    wordIndex = round
                case 16..<32:
                    mixed = (d & b) | (~d & c)
                    wordIndex = (5 * round + 1) % 16
                case 32..<48:
                    mixed = b ^ c ^ d
                    wordIndex = (3 * round + 5) % 16
                default:
                    mixed = c ^ (b | ~d)
                    wordIndex = (7 * round) % 16
                }
                let sum = a &+ mixed &+ constants[round] &+ words[wordIndex]
                a = d
                d = c
                c = b
                b = b &+ ((sum << shifts[round]) | (sum >> (32 - shifts[round])))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
        var output: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return output
    }

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21,
        6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) * 2^32), precomputed so the digest needs no floating point.
    private static let constants: [UInt32] = [
        0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
        0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
        0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
        0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
        0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
        0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
        0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
        0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
    ]
}
