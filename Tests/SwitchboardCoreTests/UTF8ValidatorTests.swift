import Testing

@testable import SwitchboardCore

/// The package's one UTF-8 validator: whole texts report the lead byte of the first bad
/// sequence; texts fed in pieces fail on the first byte no valid continuation could include.
struct UTF8ValidatorTests {
    private func firstInvalid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validator.firstInvalidOffset(in: $0) }
    }

    @Test func wholeTextsReportTheLeadByteOfTheFirstBadSequence() {
        #expect(firstInvalid(Array("plain ascii, long enough for the fast path".utf8)) == nil)
        #expect(firstInvalid(Array("é€𝄞".utf8)) == nil)
        #expect(firstInvalid([0x61, 0xE2, 0x82, 0x28]) == 1)  // broken third byte of €
        #expect(firstInvalid([0x61, 0x62, 0xF0, 0x9D, 0x84]) == 2)  // truncated at the end
        #expect(firstInvalid([0xC0, 0xAF]) == 0)  // overlong
        #expect(firstInvalid([0xED, 0xA0, 0x80]) == 0)  // surrogate
        #expect(firstInvalid([0xF4, 0x90, 0x80, 0x80]) == 0)  // above U+10FFFF
        #expect(firstInvalid([0x80]) == 0)  // lone continuation
    }

    @Test func piecesFailOnTheFirstImpossibleByte() {
        var validator = UTF8Validator()
        #expect(validator.validate([0x61, 0xF0, 0x9D]) == nil)
        #expect(!validator.isComplete)
        #expect(validator.validate([0x84, 0x9E, 0x62]) == nil)
        #expect(validator.isComplete)
        #expect(validator.validate([0xE2, 0x82]) == nil)
        #expect(validator.validate([0x28]) == 0)
    }
}
