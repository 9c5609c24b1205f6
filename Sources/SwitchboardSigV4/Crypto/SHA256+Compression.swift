// The SHA-256 compression function (FIPS 180-4, section 6.2.2), with all 64 rounds unrolled.
//
// Why unrolled: the eight working variables and the sixteen-word message schedule then live in
// registers; the roles of the working variables rotate by renaming, not by moving values, so
// each round is only the additions and rotations the standard prescribes.

extension SHA256 {
    /// Runs the compression function over `blockCount` consecutive 64-byte blocks at `base`.
    @inline(__always)
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
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x428a2f98 &+ w0
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x71374491 &+ w1
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0xb5c0fbcf &+ w2
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0xe9b5dba5 &+ w3
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x3956c25b &+ w4
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x59f111f1 &+ w5
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x923f82a4 &+ w6
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0xab1c5ed5 &+ w7
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0xd807aa98 &+ w8
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x12835b01 &+ w9
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x243185be &+ w10
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x550c7dc3 &+ w11
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x72be5d74 &+ w12
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x80deb1fe &+ w13
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x9bdc06a7 &+ w14
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0xc19bf174 &+ w15
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            w0 = w0 &+ smallSigma1(w14) &+ w9 &+ smallSigma0(w1)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0xe49b69c1 &+ w0
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            w1 = w1 &+ smallSigma1(w15) &+ w10 &+ smallSigma0(w2)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0xefbe4786 &+ w1
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            w2 = w2 &+ smallSigma1(w0) &+ w11 &+ smallSigma0(w3)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x0fc19dc6 &+ w2
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            w3 = w3 &+ smallSigma1(w1) &+ w12 &+ smallSigma0(w4)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x240ca1cc &+ w3
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            w4 = w4 &+ smallSigma1(w2) &+ w13 &+ smallSigma0(w5)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x2de92c6f &+ w4
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            w5 = w5 &+ smallSigma1(w3) &+ w14 &+ smallSigma0(w6)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x4a7484aa &+ w5
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            w6 = w6 &+ smallSigma1(w4) &+ w15 &+ smallSigma0(w7)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x5cb0a9dc &+ w6
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            w7 = w7 &+ smallSigma1(w5) &+ w0 &+ smallSigma0(w8)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x76f988da &+ w7
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            w8 = w8 &+ smallSigma1(w6) &+ w1 &+ smallSigma0(w9)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x983e5152 &+ w8
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            w9 = w9 &+ smallSigma1(w7) &+ w2 &+ smallSigma0(w10)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0xa831c66d &+ w9
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            w10 = w10 &+ smallSigma1(w8) &+ w3 &+ smallSigma0(w11)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0xb00327c8 &+ w10
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            w11 = w11 &+ smallSigma1(w9) &+ w4 &+ smallSigma0(w12)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0xbf597fc7 &+ w11
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            w12 = w12 &+ smallSigma1(w10) &+ w5 &+ smallSigma0(w13)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0xc6e00bf3 &+ w12
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            w13 = w13 &+ smallSigma1(w11) &+ w6 &+ smallSigma0(w14)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0xd5a79147 &+ w13
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            w14 = w14 &+ smallSigma1(w12) &+ w7 &+ smallSigma0(w15)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x06ca6351 &+ w14
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            w15 = w15 &+ smallSigma1(w13) &+ w8 &+ smallSigma0(w0)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x14292967 &+ w15
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            w0 = w0 &+ smallSigma1(w14) &+ w9 &+ smallSigma0(w1)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x27b70a85 &+ w0
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            w1 = w1 &+ smallSigma1(w15) &+ w10 &+ smallSigma0(w2)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x2e1b2138 &+ w1
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            w2 = w2 &+ smallSigma1(w0) &+ w11 &+ smallSigma0(w3)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x4d2c6dfc &+ w2
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            w3 = w3 &+ smallSigma1(w1) &+ w12 &+ smallSigma0(w4)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x53380d13 &+ w3
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            w4 = w4 &+ smallSigma1(w2) &+ w13 &+ smallSigma0(w5)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x650a7354 &+ w4
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            w5 = w5 &+ smallSigma1(w3) &+ w14 &+ smallSigma0(w6)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x766a0abb &+ w5
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            w6 = w6 &+ smallSigma1(w4) &+ w15 &+ smallSigma0(w7)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x81c2c92e &+ w6
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            w7 = w7 &+ smallSigma1(w5) &+ w0 &+ smallSigma0(w8)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x92722c85 &+ w7
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            w8 = w8 &+ smallSigma1(w6) &+ w1 &+ smallSigma0(w9)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0xa2bfe8a1 &+ w8
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            w9 = w9 &+ smallSigma1(w7) &+ w2 &+ smallSigma0(w10)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0xa81a664b &+ w9
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            w10 = w10 &+ smallSigma1(w8) &+ w3 &+ smallSigma0(w11)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0xc24b8b70 &+ w10
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            w11 = w11 &+ smallSigma1(w9) &+ w4 &+ smallSigma0(w12)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0xc76c51a3 &+ w11
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            w12 = w12 &+ smallSigma1(w10) &+ w5 &+ smallSigma0(w13)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0xd192e819 &+ w12
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            w13 = w13 &+ smallSigma1(w11) &+ w6 &+ smallSigma0(w14)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0xd6990624 &+ w13
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            w14 = w14 &+ smallSigma1(w12) &+ w7 &+ smallSigma0(w15)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0xf40e3585 &+ w14
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            w15 = w15 &+ smallSigma1(w13) &+ w8 &+ smallSigma0(w0)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x106aa070 &+ w15
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            w0 = w0 &+ smallSigma1(w14) &+ w9 &+ smallSigma0(w1)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x19a4c116 &+ w0
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            w1 = w1 &+ smallSigma1(w15) &+ w10 &+ smallSigma0(w2)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x1e376c08 &+ w1
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            w2 = w2 &+ smallSigma1(w0) &+ w11 &+ smallSigma0(w3)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x2748774c &+ w2
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            w3 = w3 &+ smallSigma1(w1) &+ w12 &+ smallSigma0(w4)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x34b0bcb5 &+ w3
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            w4 = w4 &+ smallSigma1(w2) &+ w13 &+ smallSigma0(w5)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x391c0cb3 &+ w4
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            w5 = w5 &+ smallSigma1(w3) &+ w14 &+ smallSigma0(w6)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0x4ed8aa4a &+ w5
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            w6 = w6 &+ smallSigma1(w4) &+ w15 &+ smallSigma0(w7)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0x5b9cca4f &+ w6
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            w7 = w7 &+ smallSigma1(w5) &+ w0 &+ smallSigma0(w8)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0x682e6ff3 &+ w7
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
            w8 = w8 &+ smallSigma1(w6) &+ w1 &+ smallSigma0(w9)
            t = h &+ bigSigma1(e) &+ (g ^ (e & (f ^ g))) &+ 0x748f82ee &+ w8
            d = d &+ t
            h = t &+ bigSigma0(a) &+ ((a & b) | (c & (a | b)))
            w9 = w9 &+ smallSigma1(w7) &+ w2 &+ smallSigma0(w10)
            t = g &+ bigSigma1(d) &+ (f ^ (d & (e ^ f))) &+ 0x78a5636f &+ w9
            c = c &+ t
            g = t &+ bigSigma0(h) &+ ((h & a) | (b & (h | a)))
            w10 = w10 &+ smallSigma1(w8) &+ w3 &+ smallSigma0(w11)
            t = f &+ bigSigma1(c) &+ (e ^ (c & (d ^ e))) &+ 0x84c87814 &+ w10
            b = b &+ t
            f = t &+ bigSigma0(g) &+ ((g & h) | (a & (g | h)))
            w11 = w11 &+ smallSigma1(w9) &+ w4 &+ smallSigma0(w12)
            t = e &+ bigSigma1(b) &+ (d ^ (b & (c ^ d))) &+ 0x8cc70208 &+ w11
            a = a &+ t
            e = t &+ bigSigma0(f) &+ ((f & g) | (h & (f | g)))
            w12 = w12 &+ smallSigma1(w10) &+ w5 &+ smallSigma0(w13)
            t = d &+ bigSigma1(a) &+ (c ^ (a & (b ^ c))) &+ 0x90befffa &+ w12
            h = h &+ t
            d = t &+ bigSigma0(e) &+ ((e & f) | (g & (e | f)))
            w13 = w13 &+ smallSigma1(w11) &+ w6 &+ smallSigma0(w14)
            t = c &+ bigSigma1(h) &+ (b ^ (h & (a ^ b))) &+ 0xa4506ceb &+ w13
            g = g &+ t
            c = t &+ bigSigma0(d) &+ ((d & e) | (f & (d | e)))
            w14 = w14 &+ smallSigma1(w12) &+ w7 &+ smallSigma0(w15)
            t = b &+ bigSigma1(g) &+ (a ^ (g & (h ^ a))) &+ 0xbef9a3f7 &+ w14
            f = f &+ t
            b = t &+ bigSigma0(c) &+ ((c & d) | (e & (c | d)))
            w15 = w15 &+ smallSigma1(w13) &+ w8 &+ smallSigma0(w0)
            t = a &+ bigSigma1(f) &+ (h ^ (f & (g ^ h))) &+ 0xc67178f2 &+ w15
            e = e &+ t
            a = t &+ bigSigma0(b) &+ ((b & c) | (d & (b | c)))
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
