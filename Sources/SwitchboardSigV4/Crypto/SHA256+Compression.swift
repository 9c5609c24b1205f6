// The SHA-256 compression function (FIPS 180-4, section 6.2.2), with all 64 rounds unrolled.
//
// Why unrolled: the eight working variables and the sixteen-word message schedule then live in
// registers; the roles of the working variables rotate by renaming, not by moving values, so
// each round is only the additions and rotations the standard prescribes.

extension SHA256 {
    /// Runs the compression function over `blockCount` consecutive 64-byte blocks at `base`.
    /// Not inlined: one copy of the unrolled rounds keeps the instruction cache for the caller.
    @inline(never)
    static func compress(_ state: inout State, blocks base: UnsafeRawPointer, blockCount: Int) {
        var a = state.h0
        var b = state.h1
        var c = state.h2
        var d = state.h3
        var e = state.h4
        var f = state.h5
        var g = state.h6
        var h = state.h7
        var block = base
        for _ in 0..<blockCount {
            var w0 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            var w1 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            var w2 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            var w3 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            var w4 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
            var w5 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 20, as: UInt32.self))
            var w6 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 24, as: UInt32.self))
            var w7 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 28, as: UInt32.self))
            var w8 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
            var w9 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
            var w10 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
            var w11 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 44, as: UInt32.self))
            var w12 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 48, as: UInt32.self))
            var w13 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 52, as: UInt32.self))
            var w14 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 56, as: UInt32.self))
            var w15 = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 60, as: UInt32.self))
            var t: UInt32
            // Majority via (a ^ b) & (b ^ c) ^ b: this round's b ^ c is the previous round's a ^ b.
            var x: UInt32
            var y = b ^ c
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x428a_2f98 &+ w0
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x7137_4491 &+ w1
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0xb5c0_fbcf &+ w2
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0xe9b5_dba5 &+ w3
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x3956_c25b &+ w4
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x59f1_11f1 &+ w5
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x923f_82a4 &+ w6
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0xab1c_5ed5 &+ w7
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0xd807_aa98 &+ w8
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x1283_5b01 &+ w9
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x2431_85be &+ w10
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x550c_7dc3 &+ w11
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x72be_5d74 &+ w12
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x80de_b1fe &+ w13
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x9bdc_06a7 &+ w14
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0xc19b_f174 &+ w15
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            w0 = w0 &+ smallSigma1(w14) &+ w9 &+ smallSigma0(w1)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0xe49b_69c1 &+ w0
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            w1 = w1 &+ smallSigma1(w15) &+ w10 &+ smallSigma0(w2)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0xefbe_4786 &+ w1
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            w2 = w2 &+ smallSigma1(w0) &+ w11 &+ smallSigma0(w3)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x0fc1_9dc6 &+ w2
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            w3 = w3 &+ smallSigma1(w1) &+ w12 &+ smallSigma0(w4)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x240c_a1cc &+ w3
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            w4 = w4 &+ smallSigma1(w2) &+ w13 &+ smallSigma0(w5)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x2de9_2c6f &+ w4
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            w5 = w5 &+ smallSigma1(w3) &+ w14 &+ smallSigma0(w6)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x4a74_84aa &+ w5
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            w6 = w6 &+ smallSigma1(w4) &+ w15 &+ smallSigma0(w7)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x5cb0_a9dc &+ w6
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            w7 = w7 &+ smallSigma1(w5) &+ w0 &+ smallSigma0(w8)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x76f9_88da &+ w7
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            w8 = w8 &+ smallSigma1(w6) &+ w1 &+ smallSigma0(w9)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x983e_5152 &+ w8
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            w9 = w9 &+ smallSigma1(w7) &+ w2 &+ smallSigma0(w10)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0xa831_c66d &+ w9
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            w10 = w10 &+ smallSigma1(w8) &+ w3 &+ smallSigma0(w11)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0xb003_27c8 &+ w10
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            w11 = w11 &+ smallSigma1(w9) &+ w4 &+ smallSigma0(w12)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0xbf59_7fc7 &+ w11
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            w12 = w12 &+ smallSigma1(w10) &+ w5 &+ smallSigma0(w13)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0xc6e0_0bf3 &+ w12
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            w13 = w13 &+ smallSigma1(w11) &+ w6 &+ smallSigma0(w14)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0xd5a7_9147 &+ w13
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            w14 = w14 &+ smallSigma1(w12) &+ w7 &+ smallSigma0(w15)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x06ca_6351 &+ w14
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            w15 = w15 &+ smallSigma1(w13) &+ w8 &+ smallSigma0(w0)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x1429_2967 &+ w15
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            w0 = w0 &+ smallSigma1(w14) &+ w9 &+ smallSigma0(w1)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x27b7_0a85 &+ w0
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            w1 = w1 &+ smallSigma1(w15) &+ w10 &+ smallSigma0(w2)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x2e1b_2138 &+ w1
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            w2 = w2 &+ smallSigma1(w0) &+ w11 &+ smallSigma0(w3)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x4d2c_6dfc &+ w2
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            w3 = w3 &+ smallSigma1(w1) &+ w12 &+ smallSigma0(w4)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x5338_0d13 &+ w3
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            w4 = w4 &+ smallSigma1(w2) &+ w13 &+ smallSigma0(w5)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x650a_7354 &+ w4
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            w5 = w5 &+ smallSigma1(w3) &+ w14 &+ smallSigma0(w6)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x766a_0abb &+ w5
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            w6 = w6 &+ smallSigma1(w4) &+ w15 &+ smallSigma0(w7)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x81c2_c92e &+ w6
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            w7 = w7 &+ smallSigma1(w5) &+ w0 &+ smallSigma0(w8)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x9272_2c85 &+ w7
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            w8 = w8 &+ smallSigma1(w6) &+ w1 &+ smallSigma0(w9)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0xa2bf_e8a1 &+ w8
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            w9 = w9 &+ smallSigma1(w7) &+ w2 &+ smallSigma0(w10)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0xa81a_664b &+ w9
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            w10 = w10 &+ smallSigma1(w8) &+ w3 &+ smallSigma0(w11)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0xc24b_8b70 &+ w10
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            w11 = w11 &+ smallSigma1(w9) &+ w4 &+ smallSigma0(w12)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0xc76c_51a3 &+ w11
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            w12 = w12 &+ smallSigma1(w10) &+ w5 &+ smallSigma0(w13)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0xd192_e819 &+ w12
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            w13 = w13 &+ smallSigma1(w11) &+ w6 &+ smallSigma0(w14)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0xd699_0624 &+ w13
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            w14 = w14 &+ smallSigma1(w12) &+ w7 &+ smallSigma0(w15)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0xf40e_3585 &+ w14
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            w15 = w15 &+ smallSigma1(w13) &+ w8 &+ smallSigma0(w0)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x106a_a070 &+ w15
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            w0 = w0 &+ smallSigma1(w14) &+ w9 &+ smallSigma0(w1)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x19a4_c116 &+ w0
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            w1 = w1 &+ smallSigma1(w15) &+ w10 &+ smallSigma0(w2)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x1e37_6c08 &+ w1
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            w2 = w2 &+ smallSigma1(w0) &+ w11 &+ smallSigma0(w3)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x2748_774c &+ w2
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            w3 = w3 &+ smallSigma1(w1) &+ w12 &+ smallSigma0(w4)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x34b0_bcb5 &+ w3
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            w4 = w4 &+ smallSigma1(w2) &+ w13 &+ smallSigma0(w5)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x391c_0cb3 &+ w4
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            w5 = w5 &+ smallSigma1(w3) &+ w14 &+ smallSigma0(w6)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x4ed8_aa4a &+ w5
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            w6 = w6 &+ smallSigma1(w4) &+ w15 &+ smallSigma0(w7)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x5b9c_ca4f &+ w6
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            w7 = w7 &+ smallSigma1(w5) &+ w0 &+ smallSigma0(w8)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x682e_6ff3 &+ w7
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            w8 = w8 &+ smallSigma1(w6) &+ w1 &+ smallSigma0(w9)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x748f_82ee &+ w8
            d = d &+ t
            x = a ^ b
            h = t &+ bigSigma0(a) &+ ((x & y) ^ b)
            w9 = w9 &+ smallSigma1(w7) &+ w2 &+ smallSigma0(w10)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x78a5_636f &+ w9
            c = c &+ t
            y = h ^ a
            g = t &+ bigSigma0(h) &+ ((y & x) ^ a)
            w10 = w10 &+ smallSigma1(w8) &+ w3 &+ smallSigma0(w11)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x84c8_7814 &+ w10
            b = b &+ t
            x = g ^ h
            f = t &+ bigSigma0(g) &+ ((x & y) ^ h)
            w11 = w11 &+ smallSigma1(w9) &+ w4 &+ smallSigma0(w12)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x8cc7_0208 &+ w11
            a = a &+ t
            y = f ^ g
            e = t &+ bigSigma0(f) &+ ((y & x) ^ g)
            w12 = w12 &+ smallSigma1(w10) &+ w5 &+ smallSigma0(w13)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x90be_fffa &+ w12
            h = h &+ t
            x = e ^ f
            d = t &+ bigSigma0(e) &+ ((x & y) ^ f)
            w13 = w13 &+ smallSigma1(w11) &+ w6 &+ smallSigma0(w14)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0xa450_6ceb &+ w13
            g = g &+ t
            y = d ^ e
            c = t &+ bigSigma0(d) &+ ((y & x) ^ e)
            w14 = w14 &+ smallSigma1(w12) &+ w7 &+ smallSigma0(w15)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0xbef9_a3f7 &+ w14
            f = f &+ t
            x = c ^ d
            b = t &+ bigSigma0(c) &+ ((x & y) ^ d)
            w15 = w15 &+ smallSigma1(w13) &+ w8 &+ smallSigma0(w0)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0xc671_78f2 &+ w15
            e = e &+ t
            y = b ^ c
            a = t &+ bigSigma0(b) &+ ((y & x) ^ c)
            a = a &+ state.h0
            b = b &+ state.h1
            c = c &+ state.h2
            d = d &+ state.h3
            e = e &+ state.h4
            f = f &+ state.h5
            g = g &+ state.h6
            h = h &+ state.h7
            state = State(h0: a, h1: b, h2: c, h3: d, h4: e, h5: f, h6: g, h7: h)
            block += 64
        }
    }
}

@inline(__always) private func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x &>> n) | (x &<< (32 &- n))
}

@inline(__always) private func bigSigma0(_ x: UInt32) -> UInt32 {
    rotateRight(x, 2) ^ rotateRight(x, 13) ^ rotateRight(x, 22)
}

@inline(__always) private func bigSigma1(_ x: UInt32) -> UInt32 {
    rotateRight(x, 6) ^ rotateRight(x, 11) ^ rotateRight(x, 25)
}

@inline(__always) private func smallSigma0(_ x: UInt32) -> UInt32 {
    rotateRight(x, 7) ^ rotateRight(x, 18) ^ (x &>> 3)
}

@inline(__always) private func smallSigma1(_ x: UInt32) -> UInt32 {
    rotateRight(x, 17) ^ rotateRight(x, 19) ^ (x &>> 10)
}
