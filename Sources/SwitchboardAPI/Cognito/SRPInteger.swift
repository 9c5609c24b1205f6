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
/// `power` is square-and-multiply over Montgomery products (CIOS) on 64-bit limbs.
struct MontgomeryModulus: Sendable {
    let modulus: SRPInteger
    private let n: [UInt64]
    /// `-n⁻¹ mod 2⁶⁴`.
    private let inverse: UInt64
    /// `R mod n` (one, in Montgomery form) and `R² mod n`, with `R = 2^(64·limbs)`.
    private let one: [UInt64]
    private let rSquared: [UInt64]
    /// `1`, as a Montgomery operand (leaving Montgomery form).
    private let unit: [UInt64]

    init(_ modulus: SRPInteger) {
        precondition(modulus.bit(0), "the Montgomery modulus must be odd")
        self.modulus = modulus
        let n = Self.wide(modulus, limbs: (modulus.limbs.count + 1) / 2)
        self.n = n
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- n[0] &* inverse) }
        self.inverse = 0 &- inverse
        // 2^(64k) mod n and 2^(128k) mod n by doubling in place: no division.
        let k = n.count
        var value = [UInt64](repeating: 0, count: k + 1)
        value[0] = 1
        var one: [UInt64] = []
        for step in 1...(128 * k) {
            var carry: UInt64 = 0
            for index in 0...k {
                let doubled = value[index] << 1 | carry
                carry = value[index] >> 63
                value[index] = doubled
            }
            if !Self.isBelow(value, n) { Self.subtract(n, from: &value) }
            if step == 64 * k { one = Array(value[0..<k]) }
        }
        self.one = one
        rSquared = Array(value[0..<k])
        var unit = [UInt64](repeating: 0, count: k)
        unit[0] = 1
        self.unit = unit
    }

    /// `value` as `count` 64-bit limbs, least significant first.
    private static func wide(_ value: SRPInteger, limbs count: Int) -> [UInt64] {
        var wide = [UInt64](repeating: 0, count: count)
        for (index, limb) in value.limbs.enumerated() { wide[index / 2] |= UInt64(limb) << (32 * UInt64(index % 2)) }
        return wide
    }

    private static func narrow(_ value: [UInt64]) -> SRPInteger {
        SRPInteger(limbs: value.flatMap { [UInt32(truncatingIfNeeded: $0), UInt32($0 >> 32)] })
    }

    /// Whether `value` (at least as many limbs as `n`) is below `n`.
    private static func isBelow(_ value: [UInt64], _ n: [UInt64]) -> Bool {
        for index in n.count..<value.count where value[index] != 0 { return false }
        for index in stride(from: n.count - 1, through: 0, by: -1) where value[index] != n[index] {
            return value[index] < n[index]
        }
        return false
    }

    /// `value -= n`, for `value ≥ n`.
    private static func subtract(_ n: [UInt64], from value: inout [UInt64]) {
        var borrow = false
        for index in 0..<value.count {
            let (difference, first) = value[index].subtractingReportingOverflow(index < n.count ? n[index] : 0)
            let (result, second) = difference.subtractingReportingOverflow(borrow ? 1 : 0)
            value[index] = result
            borrow = first || second
        }
    }

    /// `a·b·R⁻¹ mod n`, for `a < R` and `b < n` (CIOS; buffers without bounds checks, since every
    /// index is below `k + 2`). Each step's sum fits in 128 bits, so the carries never overflow.
    private func product(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let k = n.count
        var t = [UInt64](repeating: 0, count: k + 2)
        t.withUnsafeMutableBufferPointer { t in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    n.withUnsafeBufferPointer { n in
                        for i in 0..<k {
                            var carry: UInt64 = 0
                            let bi = b[i]
                            for j in 0..<k {
                                let (high, low) = a[j].multipliedFullWidth(by: bi)
                                let (sum, first) = low.addingReportingOverflow(t[j])
                                let (total, second) = sum.addingReportingOverflow(carry)
                                t[j] = total
                                carry = high &+ (first ? 1 : 0) &+ (second ? 1 : 0)
                            }
                            let (top, overflow) = t[k].addingReportingOverflow(carry)
                            t[k] = top
                            t[k + 1] = overflow ? 1 : 0
                            let m = t[0] &* inverse
                            var (high, low) = m.multipliedFullWidth(by: n[0])
                            carry = high &+ (low.addingReportingOverflow(t[0]).overflow ? 1 : 0)
                            for j in 1..<k {
                                (high, low) = m.multipliedFullWidth(by: n[j])
                                let (sum, first) = low.addingReportingOverflow(t[j])
                                let (total, second) = sum.addingReportingOverflow(carry)
                                t[j - 1] = total
                                carry = high &+ (first ? 1 : 0) &+ (second ? 1 : 0)
                            }
                            let (last, lastOverflow) = t[k].addingReportingOverflow(carry)
                            t[k - 1] = last
                            t[k] = t[k + 1] &+ (lastOverflow ? 1 : 0)
                        }
                    }
                }
            }
        }
        // t < 2n: one subtraction at most, in place.
        if !Self.isBelow(t, n) { Self.subtract(n, from: &t) }
        t.removeLast(2)
        return t
    }

    /// `value mod n`, for a value of at most as many limbs as `n`.
    func reduce(_ value: SRPInteger) -> SRPInteger {
        precondition(value.limbs.count <= 2 * n.count, "reduce takes values of at most the modulus's size")
        return Self.narrow(product(product(Self.wide(value, limbs: n.count), rSquared), unit))
    }

    /// `a·b mod n`, for `a, b < n`.
    func multiply(_ a: SRPInteger, _ b: SRPInteger) -> SRPInteger {
        Self.narrow(product(product(Self.wide(a, limbs: n.count), Self.wide(b, limbs: n.count)), rSquared))
    }

    /// `base^exponent mod n`, for `base < n`.
    func power(_ base: SRPInteger, _ exponent: SRPInteger) -> SRPInteger {
        let montgomeryBase = product(Self.wide(base, limbs: n.count), rSquared)
        var result = one
        for index in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
            result = product(result, result)
            if exponent.bit(index) { result = product(result, montgomeryBase) }
        }
        return Self.narrow(product(result, unit))
    }
}
