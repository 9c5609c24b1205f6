import Testing

@testable import SwitchboardSigV4

/// FIPS 180-4 example messages and padding at every length, one-shot and streaming.
@Suite struct SHA256Tests {
    @Test func fipsExampleMessages() {
        #expect(SHA256.hash("").hexString == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hash("abc").hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq").hexString
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let long =
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hash(long).hexString == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func oneMillionLetterA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hexString == expected)
        // Streamed in uneven pieces, so that the pending-block path is exercised.
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count, 1_000_000 - fed)
            hasher.update(piece[0..<count])
            fed += count
        }
        #expect(hasher.finalize().hexString == expected)
    }

    /// Every padding case (lengths 0–299 cross the 55/56/64-byte boundaries several times): the
    /// digests are chained and the result compared with a value computed by Python's hashlib.
    @Test func paddingAtEveryLengthMatchesAnIndependentImplementation() {
        var chained = SHA256()
        for length in 0..<300 {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + length) }
            let digest = SHA256.hash(message)
            var streamed = SHA256()
            var index = 0
            var step = 1
            while index < message.count {
                let end = min(message.count, index + step)
                streamed.update(message[index..<end])
                index = end
                step = step * 3 % 67 + 1
            }
            #expect(streamed.finalize() == digest, "length \(length)")
            digest.withUnsafeBytes { chained.update(bytes: $0) }
        }
        #expect(chained.finalize().hexString == "d5238871a46ac4a1a75ac3fb19d645b0b3b9e5f35f5f720e2b240d605c6b694e")
    }

    @Test func finalizeDoesNotConsumeTheHasher() {
        var hasher = SHA256()
        hasher.update("ab")
        let early = hasher.finalize()
        hasher.update("c")
        #expect(early == SHA256.hash("ab"))
        #expect(hasher.finalize() == SHA256.hash("abc"))
        #expect(SHA256.hash("abc").bytes.count == 32)
    }

    @Test func hexRoundTrips() {
        #expect(Hex.encode([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.decode("000FA0ff") == [0x00, 0x0f, 0xa0, 0xff])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
    }
}
