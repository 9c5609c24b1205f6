import Foundation
import SwitchboardCore

/// JSON text that is not one valid JSON value (RFC 8259, strictly: no comments, no trailing
/// commas, valid UTF-8, at most 512 levels of nesting).
public struct JSONParsingError: Error, Equatable, CustomStringConvertible {
    /// The offset of the offending byte from the start of the text.
    public let byteOffset: Int
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column of the offending byte, in bytes.
    public let column: Int
    /// What is wrong, for example `expected ':', found character '}'`.
    public let reason: String

    /// `line 3, column 7 (byte 41): expected ':', found character '}'`.
    public var description: String { "line \(line), column \(column) (byte \(byteOffset)): \(reason)" }

    init(_ failure: JSONScanner.Failure, in bytes: UnsafeBufferPointer<UInt8>) {
        let position = failure.lineAndColumn(in: bytes)
        byteOffset = failure.offset
        line = position.line
        column = position.column
        reason = failure.reason
    }
}
