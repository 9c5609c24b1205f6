import SwitchboardCore
import Testing

@testable import SwitchboardNet

/// Frame codec and validation without sockets: every byte is hand-made.
struct WebSocketFrameReaderTests {
    /// A hand-made frame, unmasked unless a mask is given.
    private func frame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, mask: [UInt8]? = nil, rsv: UInt8 = 0)
        -> [UInt8]
    {
        RawWebSocketPeer.frame(opcode, payload, fin: fin, mask: mask, rsv: rsv)
    }

    private func clientReader(maxMessage: Int = 1 << 20) -> WebSocketFrameReader {
        WebSocketFrameReader(expectsMaskedFrames: false, maximumMessageSize: maxMessage, maximumFrameSize: maxMessage)
    }

    private func events(_ bytes: [UInt8], reader: inout WebSocketFrameReader) throws -> [WebSocketFrameReader.Event] {
        reader.append(bytes)
        var result: [WebSocketFrameReader.Event] = []
        while let event = try reader.nextEvent() { result.append(event) }
        return result
    }

    @Test func encoderUsesTheShortestLengthFormAndRoundTripsThroughTheReader() throws {
        for size in [0, 1, 125, 126, 65_535, 65_536, 200_000] {
            let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            for masked in [false, true] {
                let wire = payload.withUnsafeBytes {
                    WebSocketFrameEncoder.frame(opcode: .binary, payload: $0, masked: masked)
                }
                let lengthField = wire[1] & 0x7F
                #expect(lengthField == (size < 126 ? UInt8(size) : (size <= 0xFFFF ? 126 : 127)))
                #expect(wire[1] & 0x80 == (masked ? 0x80 : 0))
                var reader = WebSocketFrameReader(
                    expectsMaskedFrames: masked, maximumMessageSize: 1 << 20, maximumFrameSize: 1 << 20)
                // Byte-by-byte delivery for small frames exercises every partial-header path.
                if size < 300 {
                    var got: [WebSocketFrameReader.Event] = []
                    for byte in wire { got += try events([byte], reader: &reader) }
                    #expect(got == [.message(.binary(payload))])
                } else {
                    #expect(try events(wire, reader: &reader) == [.message(.binary(payload))])
                }
            }
        }
    }

    @Test func maskingKeysDifferBetweenFrames() {
        let keys = (0..<8).map { _ in
            [UInt8]().withUnsafeBytes {
                Array(WebSocketFrameEncoder.frame(opcode: .text, payload: $0, masked: true)[2..<6])
            }
        }
        #expect(Set(keys).count > 1)
    }

    @Test func fragmentsAreJoinedWithControlFramesInterleaved() throws {
        var reader = clientReader()
        let wire =
            frame(1, Array("Hel".utf8), fin: false) + frame(9, [1, 2]) + frame(0, Array("lo, ".utf8), fin: false)
            + frame(0xA, []) + frame(0, Array("wörld".utf8))
        #expect(try events(wire, reader: &reader) == [.ping([1, 2]), .pong([]), .message(.text("Hello, wörld"))])
    }

    @Test func aMultiByteCharacterSplitAcrossFragmentsIsValid() throws {
        var reader = clientReader()
        let euro = Array("€".utf8)
        let wire = frame(1, [euro[0]], fin: false) + frame(0, [euro[1]], fin: false) + frame(0, [euro[2]])
        #expect(try events(wire, reader: &reader) == [.message(.text("€"))])
    }

    @Test func invalidUTF8FailsAtTheFirstBadByteBeforeTheMessageEnds() throws {
        var reader = clientReader()
        // κόσμε, then a surrogate (0xED 0xA0: the 0xA0 is the first impossible byte) in an unfinished fragment.
        let first = frame(1, Array("κόσμε".utf8), fin: false)
        let second = frame(0, [0x41, 0xED, 0xA0, 0x80], fin: false)
        #expect(try events(first, reader: &reader) == [])
        #expect(throws: WebSocketError.invalidUTF8(byteOffset: first.count + 2 + 2)) {
            _ = try events(second, reader: &reader)
        }
    }

    @Test func invalidUTF8FailsInsideAFrameWhosePayloadHasNotFullyArrived() throws {
        var reader = clientReader()
        let wire = frame(1, [0x61, 0xC0, 0x80] + Array(repeating: 0x61, count: 100))
        #expect(throws: WebSocketError.invalidUTF8(byteOffset: 3)) {
            _ = try events(Array(wire[0..<5]), reader: &reader)
        }
    }

    @Test func aTextMessageEndingInsideASequenceIsInvalid() {
        var reader = clientReader()
        #expect(throws: WebSocketError.invalidUTF8(byteOffset: 5)) {
            _ = try events(frame(1, [0x61, 0xE2, 0x82]), reader: &reader)
        }
    }

    @Test(arguments: [
        ([UInt8](arrayLiteral: 0xC0, 0xAF), 0),  // overlong
        ([0xE0, 0x80, 0xAF], 1),  // overlong 3-byte
        ([0xF4, 0x90, 0x80, 0x80], 1),  // above U+10FFFF
        ([0xED, 0xBF, 0xBF], 1),  // surrogate
        ([0xFF], 0),
        ([0x80], 0),
    ])
    func validatorRejectsForbiddenSequences(bytes: [UInt8], badIndex: Int) {
        var validator = UTF8Validator()
        #expect(validator.validate(bytes) == badIndex)
    }

    @Test func validatorAcceptsEverySequenceSplitAtEveryPoint() {
        let text = Array("a€𝄞ßz 你好".utf8)
        for split in 0...text.count {
            var validator = UTF8Validator()
            #expect(validator.validate(Array(text[..<split])) == nil)
            #expect(validator.validate(Array(text[split...])) == nil)
            #expect(validator.isComplete)
        }
    }

    @Test func protocolViolationsAreReportedWithTheirByteOffset() {
        let cases: [([UInt8], String)] = [
            (frame(1, [], rsv: 1), "reserved bit RSV3 set"),
            (frame(3, []), "unknown opcode 3"),
            (frame(9, [], fin: false), "fragmented control frame"),
            (frame(9, Array(repeating: 0, count: 126)), "control frame payload over 125"),
            (frame(0, [1]), "continuation frame without"),
            (frame(2, [1], fin: false) + frame(2, [2]), "new data message"),
            (frame(2, [1], mask: [1, 2, 3, 4]), "masked frame from a server"),
            (frame(8, [3]), "1-byte payload"),
            (frame(8, [0x03, 0xED]), "invalid close code 1005"),
            (frame(8, [0x03, 0xF7]), "invalid close code 1015"),
            (frame(8, [0x04, 0x00]), "invalid close code 1024"),
        ]
        for (wire, expected) in cases {
            var reader = clientReader()
            do {
                _ = try events(wire, reader: &reader)
                Issue.record("no error for \(expected)")
            } catch {
                guard case .protocolViolation(let detail, _) = error as? WebSocketError, detail.contains(expected)
                else {
                    Issue.record("\(error) is not \(expected)")
                    continue
                }
                #expect((error as? WebSocketError)?.closeCode == 1002)
            }
        }
    }

    @Test func theServerRoleRejectsUnmaskedFrames() {
        var reader = WebSocketFrameReader(expectsMaskedFrames: true, maximumMessageSize: 100, maximumFrameSize: 100)
        #expect(throws: WebSocketError.protocolViolation("unmasked frame from a client", byteOffset: 0)) {
            _ = try events(frame(1, Array("hi".utf8)), reader: &reader)
        }
    }

    @Test func closeFramesCarryCodeAndReasonAndRejectBadUTF8Reasons() throws {
        var reader = clientReader()
        #expect(
            try events(frame(8, [0x03, 0xE8] + Array("bye".utf8)), reader: &reader) == [
                .close(code: 1000, reason: "bye")
            ])
        var empty = clientReader()
        #expect(try events(frame(8, []), reader: &empty) == [.close(code: nil, reason: "")])
        var bad = clientReader()
        #expect(throws: WebSocketError.invalidUTF8(byteOffset: 5)) {
            _ = try events(frame(8, [0x03, 0xE8, 0x61, 0xFF]), reader: &bad)
        }
        #expect(WebSocketError.invalidUTF8(byteOffset: 0).closeCode == 1007)
    }

    @Test func oversizeMessagesFailWhenTheHeaderArrives() throws {
        var reader = clientReader(maxMessage: 1000)
        #expect(throws: WebSocketError.messageTooBig(size: 70_000, limit: 1000)) {
            _ = try events(Array(frame(2, Array(repeating: 0, count: 70_000))[0..<10]), reader: &reader)
        }
        var fragmented = clientReader(maxMessage: 1000)
        #expect(try events(frame(2, Array(repeating: 0, count: 600), fin: false), reader: &fragmented) == [])
        #expect(throws: WebSocketError.messageTooBig(size: 1200, limit: 1000)) {
            _ = try events(frame(0, Array(repeating: 0, count: 600)), reader: &fragmented)
        }
        #expect(WebSocketError.messageTooBig(size: 1, limit: 0).closeCode == 1009)
    }

    @Test func closePayloadTruncatesLongReasonsOnCharacterBoundaries() {
        let payload = WebSocketFrameEncoder.closePayload(code: 1001, reason: String(repeating: "é", count: 100))
        #expect(payload.count <= 125)
        #expect(payload[0..<2] == [0x03, 0xE9])
        var validator = UTF8Validator()
        #expect(validator.validate(Array(payload[2...])) == nil && validator.isComplete)
    }

    @Test func handshakeAcceptMatchesTheRFCExampleAndSHA1Vectors() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(hex(SHA1.hash(long)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(WebSocketHandshake.isValidKey(WebSocketHandshake.makeKey()))
        #expect(!WebSocketHandshake.isValidKey("c2hvcnQ="))
    }
}
