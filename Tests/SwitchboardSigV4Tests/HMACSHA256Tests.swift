import Testing

@testable import SwitchboardSigV4

/// RFC 4231 test cases 1–7.
@Suite struct HMACSHA256Tests {
    static let cases: [(key: [UInt8], message: [UInt8], expected: String)] = [
        (
            [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
            "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
        ),
        (
            Array(1...25), [UInt8](repeating: 0xcd, count: 50),
            "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
        ),
        // Case 5 is truncated to 128 bits by the RFC.
        ([UInt8](repeating: 0x0c, count: 20), Array("Test With Truncation".utf8), "a3b6167473100ee06e0c796c2955552b"),
        (
            [UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
        (
            [UInt8](repeating: 0xaa, count: 131),
            Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. The key needs "
                    + "to be hashed before being used by the HMAC algorithm.").utf8),
            "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
        ),
    ]

    @Test(arguments: 0..<7) func rfc4231(index: Int) {
        let (key, message, expected) = Self.cases[index]
        let code = HMACSHA256.authenticationCode(for: message, key: key).hexString
        #expect(code.hasPrefix(expected))
        var streamed = HMACSHA256(key: key)
        for byte in message { streamed.update([byte]) }
        #expect(streamed.finalize().hexString == code)
    }

    @Test func aKeyedValueIsReusableByCopy() {
        let keyed = HMACSHA256(key: Array("Jefe".utf8))
        var first = keyed
        first.update("what do ya want for nothing?")
        var second = keyed
        second.update("what do ya want for nothing?")
        #expect(first.finalize() == second.finalize())
        #expect(first.finalize().hexString == Self.cases[1].expected)
    }

    @Test func keyingWithADigestEqualsKeyingWithItsBytes() {
        let digest = SHA256.hash("key")
        #expect(
            HMACSHA256.authenticationCode(for: Array("m".utf8), key: digest.bytes)
                == {
                    var hmac = HMACSHA256(key: digest)
                    hmac.update("m")
                    return hmac.finalize()
                }())
    }
}
