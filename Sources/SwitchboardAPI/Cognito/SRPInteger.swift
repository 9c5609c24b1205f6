/// A non-negative integer of a few thousand bits: the arithmetic Cognito's Secure Remote Password
/// flow needs (hexadecimal and byte conversions, addition, subtraction, multiplication), with
/// modular exponentiation in ``MontgomeryModulus``. Limbs are 32-bit, least significant first,
/// with no zero limb at the top.
package struct SRPInteger: Equatable, Comparable, Sendable {
    private(set) var limbs: [UInt32]

    init(limbs: [UInt32]) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.limbs = limbs
    }

    init(_ value: UInt32) { self.init(limbs: [value]) }

    /// Big-endian bytes.
    init(bytes: some Collection<UInt8>) {
        var limbs = [UInt32](repeating: 0, count: (bytes.count + 3) / 4)
        for (index, byte) in bytes.reversed().enumerated() {
            limbs[index / 4] |= UInt32(byte) << (8 * UInt32(index % 4))
        }
        self.init(limbs: limbs)
    }

    /// Hexadecimal digits, either case; `nil` for anything else (or nothing).
    package init?(hex: String) {
        var limbs: [UInt32] = []
        var limb: UInt32 = 0
        var shift: UInt32 = 0
        guard !hex.isEmpty else { return nil }
        for character in hex.utf8.reversed() {
            let digit: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            limb |= UInt32(digit) << shift
            shift += 4
            if shift == 32 {
                limbs.append(limb)
                limb = 0
                shift = 0
            }
        }
        if shift > 0 { limbs.append(limb) }
        self.init(limbs: limbs)
    }

    var isZero: Bool { limbs.isEmpty }

    /// Lower-case hexadecimal without leading zeros (`0` for zero), as Python's `'%x'` writes it.
    var hex: String {
        guard let top = limbs.last else { return "0" }
        var text = String(top, radix: 16)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb, radix: 16)
            text += String(repeating: "0", count: 8 - digits.count) + digits
        }
        return text
    }

    /// The number of significant bits.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return (limbs.count - 1) * 32 + (32 - top.leadingZeroBitCount)
    }

    /// Bit `index` (0 is the least significant).
    func bit(_ index: Int) -> Bool {
        let limb = index / 32
        return limb < limbs.count && limbs[limb] & (1 << UInt32(index % 32)) != 0
    }

    package static func < (lhs: SRPInteger, rhs: SRPInteger) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        for index in stride(from: lhs.limbs.count - 1, through: 0, by: -1) where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }

    static func + (lhs: SRPInteger, rhs: SRPInteger) -> SRPInteger {
        var result = [UInt32](repeating: 0, count: max(lhs.limbs.count, rhs.limbs.count) + 1)
        var carry: UInt64 = 0
        for index in 0..<result.count - 1 {
            let sum =
                UInt64(index < lhs.limbs.count ? lhs.limbs[index] : 0)
                + UInt64(index < rhs.limbs.count ? rhs.limbs[index] : 0) + carry
            result[index] = UInt32(truncatingIfNeeded: sum)
            carry = sum >> 32
        }
        result[result.count - 1] = UInt32(carry)
        return SRPInteger(limbs: result)
    }

    /// `lhs - rhs`; `rhs` must not be larger.
    static func - (lhs: SRPInteger, rhs: SRPInteger) -> SRPInteger {
        precondition(!(lhs < rhs), "SRPInteger subtraction below zero")
        var result = lhs.limbs
        var borrow: Int64 = 0
        for index in 0..<result.count {
            var difference = Int64(result[index]) - Int64(index < rhs.limbs.count ? rhs.limbs[index] : 0) - borrow
            borrow = 0
            if difference < 0 {
                difference += 1 << 32
                borrow = 1
            }
            result[index] = UInt32(difference)
        }
        return SRPInteger(limbs: result)
    }

    static func * (lhs: SRPInteger, rhs: SRPInteger) -> SRPInteger {
        guard !lhs.isZero, !rhs.isZero else { return SRPInteger(limbs: []) }
        var result = [UInt32](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, left) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in rhs.limbs.enumerated() {
                let product = UInt64(left) * UInt64(right) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            result[i + rhs.limbs.count] = UInt32(carry)
        }
        return SRPInteger(limbs: result)
    }
}

/// Arithmetic modulo an odd number in Montgomery form, so that no division is ever needed:
/// `power` is square-and-multiply over Montgomery products (CIOS).
struct MontgomeryModulus: Sendable {
    let modulus: SRPInteger
    private let n: [UInt32]
    /// `-n⁻¹ mod 2³²`.
    private let inverse: UInt32
    /// `R mod n` (one, in Montgomery form) and `R² mod n`, with `R = 2^(32·limbs)`.
    private let one: [UInt32]
    private let rSquared: [UInt32]

    init(_ modulus: SRPInteger) {
        precondition(modulus.bit(0), "the Montgomery modulus must be odd")
        self.modulus = modulus
        n = modulus.limbs
        var inverse: UInt32 = 1
        for _ in 0..<5 { inverse = inverse &* (2 &- n[0] &* inverse) }
        self.inverse = 0 &- inverse
        // 2^(32k) mod n and 2^(64k) mod n by doubling in place: no division.
        let k = n.count
        var value = [UInt32](repeating: 0, count: k + 1)
        value[0] = 1
        var one: [UInt32] = []
        for step in 1...(64 * k) {
            var carry: UInt32 = 0
            for index in 0...k {
                let doubled = value[index] << 1 | carry
                carry = value[index] >> 31
                value[index] = doubled
            }
            if !Self.isBelow(value, n) {
                var borrow: UInt64 = 0
                for index in 0...k {
                    let difference = UInt64(value[index]) &- UInt64(index < k ? n[index] : 0) &- borrow
                    value[index] = UInt32(truncatingIfNeeded: difference)
                    borrow = difference >> 63
                }
            }
            if step == 32 * k { one = Array(value[0..<k]) }
        }
        self.one = one
        rSquared = Array(value[0..<k])
    }

    /// Whether `value` (k + 1 limbs) is below `n` (k limbs).
    private static func isBelow(_ value: [UInt32], _ n: [UInt32]) -> Bool {
        if value[n.count] != 0 { return false }
        for index in stride(from: n.count - 1, through: 0, by: -1) where value[index] != n[index] {
            return value[index] < n[index]
        }
        return false
    }

    private static func padded(_ value: SRPInteger, to count: Int) -> [UInt32] {
        value.limbs + [UInt32](repeating: 0, count: count - value.limbs.count)
    }

    /// `a·b·R⁻¹ mod n`, for `a < R` and `b < n` (CIOS; buffers without bounds checks, since
    /// every index is below `k + 2`).
    private func product(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let k = n.count
        var t = [UInt32](repeating: 0, count: k + 2)
        t.withUnsafeMutableBufferPointer { t in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    n.withUnsafeBufferPointer { n in
                        for i in 0..<k {
                            var carry: UInt64 = 0
                            let bi = UInt64(b[i])
                            for j in 0..<k {
                                let sum = UInt64(t[j]) + UInt64(a[j]) * bi + carry
                                t[j] = UInt32(truncatingIfNeeded: sum)
                                carry = sum >> 32
                            }
                            var sum = UInt64(t[k]) + carry
                            t[k] = UInt32(truncatingIfNeeded: sum)
                            t[k + 1] = UInt32(sum >> 32)
                            let m = UInt64(t[0] &* inverse)
                            sum = UInt64(t[0]) + m * UInt64(n[0])
                            carry = sum >> 32
                            for j in 1..<k {
                                sum = UInt64(t[j]) + m * UInt64(n[j]) + carry
                                t[j - 1] = UInt32(truncatingIfNeeded: sum)
                                carry = sum >> 32
                            }
                            sum = UInt64(t[k]) + carry
                            t[k - 1] = UInt32(truncatingIfNeeded: sum)
                            t[k] = t[k + 1] &+ UInt32(sum >> 32)
                        }
                    }
                }
            }
        }
        // t < 2n: one subtraction at most.
        var result = SRPInteger(limbs: Array(t[0...k]))
        if !(result < modulus) { result = result - modulus }
        return Self.padded(result, to: k)
    }

    /// `value mod n`, for a value of at most as many limbs as `n`.
    func reduce(_ value: SRPInteger) -> SRPInteger {
        precondition(value.limbs.count <= n.count, "reduce takes values of at most the modulus's size")
        return SRPInteger(
            limbs: product(product(Self.padded(value, to: n.count), rSquared), Self.padded(SRPInteger(1), to: n.count)))
    }

    /// `a·b mod n`, for `a, b < n`.
    func multiply(_ a: SRPInteger, _ b: SRPInteger) -> SRPInteger {
        SRPInteger(limbs: product(product(Self.padded(a, to: n.count), Self.padded(b, to: n.count)), rSquared))
    }

    /// `base^exponent mod n`, for `base < n`.
    func power(_ base: SRPInteger, _ exponent: SRPInteger) -> SRPInteger {
        let montgomeryBase = product(Self.padded(base, to: n.count), rSquared)
        var result = one
        for index in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
            result = product(result, result)
            if exponent.bit(index) { result = product(result, montgomeryBase) }
        }
        return SRPInteger(limbs: product(result, Self.padded(SRPInteger(1), to: n.count)))
    }
}
