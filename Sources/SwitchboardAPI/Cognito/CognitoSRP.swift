import Foundation
import SwitchboardCore
import SwitchboardSigV4

/// Cognito's Secure Remote Password exchange (SRP-6a over the 3072-bit group of RFC 5054, SHA-256),
/// as `USER_SRP_AUTH` runs it: the client sends `A = g^a`, Cognito answers with its `B`, a salt
/// and a secret block, and the client proves it knows the password by signing the block with a
/// key derived from the shared secret. The password never leaves the device.
package struct CognitoSRP: Sendable {
    /// The group's prime, RFC 5054's 3072-bit `N`.
    static let primeHex =
        "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431"
        + "B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1F"
        + "E649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED5290770969"
        + "66D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF69558"
        + "17183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D06"
        + "0C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177"
        + "B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF"
    static let group = MontgomeryModulus(SRPInteger(hex: primeHex)!)
    static let generator = SRPInteger(2)
    /// `k = H(N | g)`, each padded as Cognito pads hex.
    static let multiplier = SRPInteger(hex: hexHash("00" + primeHex + "02"))!

    /// The client's secret `a` and public `A = g^a mod N`.
    let smallA: SRPInteger
    let largeA: SRPInteger

    /// A new exchange with a random 1024-bit `a`.
    init() {
        self.init(smallA: SRPInteger(bytes: SecureRandom.bytes(128)))
    }

    /// An exchange with a given `a` (tests).
    package init(smallA: SRPInteger) {
        self.smallA = Self.group.reduce(smallA)
        largeA = Self.group.power(Self.generator, self.smallA)
    }

    /// `SRP_A`, in hex.
    package var publicValueHex: String { largeA.hex }

    /// The `PASSWORD_VERIFIER` answer's signature: Base64(HMAC-SHA256(key, poolName + userId +
    /// secretBlock + timestamp)), the key derived (HKDF-SHA256, "Caldera Derived Key") from
    /// `S = (B − k·g^x)^(a + u·x) mod N`, `u = H(A | B)`, `x = H(salt | H(poolName + userId + ":" + password))`.
    package func passwordClaimSignature(
        userPoolId: String, userIdForSRP: String, password: String, serverBHex: String, saltHex: String,
        secretBlock: String, timestamp: String
    ) throws -> String {
        let operation = "RespondToAuthChallenge"
        guard let serverB = SRPInteger(hex: serverBHex), serverB.bitWidth <= 3072 else {
            throw CognitoError.invalidResponse(operation: operation, reason: "SRP_B is not a number below 2^3072")
        }
        let group = Self.group
        let b = group.reduce(serverB)
        guard !b.isZero else { throw CognitoError.invalidResponse(operation: operation, reason: "SRP_B is 0 mod N") }
        let u = SRPInteger(hex: Self.hexHash(Self.paddedHex(largeA) + Self.paddedHex(serverB)))!
        guard !u.isZero else { throw CognitoError.invalidResponse(operation: operation, reason: "u is 0") }
        guard SRPInteger(hex: saltHex) != nil else {
            throw CognitoError.invalidResponse(operation: operation, reason: "SALT is not hexadecimal")
        }
        let poolName = userPoolId.split(separator: "_").dropFirst().first.map(String.init) ?? userPoolId
        let credentialsHash = Self.hash(Array("\(poolName)\(userIdForSRP):\(password)".utf8))
        let x = SRPInteger(hex: Self.hexHash(Self.paddedHex(saltHex) + Self.hex(credentialsHash)))!
        let kgx = group.multiply(Self.multiplier, group.power(Self.generator, x))
        let base = b < kgx ? b + group.modulus - kgx : b - kgx
        let secret = group.power(base, smallA + u * x)
        let key = Self.hkdf(
            inputKey: Self.bytes(hex: Self.paddedHex(secret)), salt: Self.bytes(hex: Self.paddedHex(u)),
            info: Array("Caldera Derived Key".utf8) + [1])
        var hmac = HMACSHA256(key: key)
        hmac.update(Array(poolName.utf8))
        hmac.update(Array(userIdForSRP.utf8))
        hmac.update(Self.lenientBase64(secretBlock))
        hmac.update(Array(timestamp.utf8))
        return Data(hmac.finalize().bytes).base64EncodedString()
    }

    /// `Tue Dec 2 04:05:06 UTC 2026`: the day without padding, in English, UTC.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .month, .day, .hour, .minute, .second, .year], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(weekdays[(parts.weekday ?? 1) - 1]) \(months[(parts.month ?? 1) - 1]) \(parts.day ?? 1) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) UTC \(parts.year ?? 1970)"
    }

    // MARK: Cognito's encodings

    /// Hex of even length, with `00` in front when the top bit is set (a positive number).
    static func paddedHex(_ value: SRPInteger) -> String { paddedHex(value.hex) }

    static func paddedHex(_ hex: String) -> String {
        if hex.count % 2 == 1 { return "0" + hex }
        if let first = hex.first, "89ABCDEFabcdef".contains(first) { return "00" + hex }
        return hex
    }

    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var sha = SHA256()
        sha.update(bytes)
        return sha.finalize().bytes
    }

    /// The hex of the SHA-256 of the bytes that `hex` spells.
    static func hexHash(_ hex: String) -> String { Self.hex(hash(bytes(hex: hex))) }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            bytes.append(UInt8(nibble(high) << 4 | nibble(low)))
        }
        return bytes
    }

    private static func nibble(_ character: UInt8) -> UInt8 {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: 0
        }
    }

    /// HKDF-SHA256 (RFC 5869) for one block: 16 bytes.
    static func hkdf(inputKey: [UInt8], salt: [UInt8], info: [UInt8]) -> [UInt8] {
        var extract = HMACSHA256(key: salt)
        extract.update(inputKey)
        var expand = HMACSHA256(key: extract.finalize().bytes)
        expand.update(info)
        return Array(expand.finalize().bytes.prefix(16))
    }

    /// Base64 as Python's default decoder reads it: characters outside the alphabet are skipped
    /// (a local Cognito sends a UUID as its secret block), padding is added.
    static func lenientBase64(_ text: String) -> [UInt8] {
        var kept = String(
            text.unicodeScalars.filter {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "+" || $0 == "/")
            })
        while kept.count % 4 != 0 { kept += "=" }
        return Data(base64Encoded: kept).map { Array($0) } ?? []
    }
}
