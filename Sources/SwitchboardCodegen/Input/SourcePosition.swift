/// A position in a source file: 1-based line and column, the column counted in Unicode scalars
/// (as GraphQL locations are).
struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line.
    var line: Int
    /// 1-based column in Unicode scalars.
    var column: Int

    /// `line:column`.
    var description: String { "\(line):\(column)" }

    static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// The start of every line of a UTF-8 text, to turn byte offsets into line and column.
/// Line terminators are `\n`, `\r\n` and `\r`, as in both Swift and GraphQL.
struct LineTable {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            default:
                break
            }
            index += 1
        }
    }

    /// The line and column of the byte at `offset` (or of the end of the text).
    func position(of offset: Int) -> SourcePosition {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = starts[low]
        while index < offset && index < bytes.count {
            // Count scalars: every byte that does not continue a UTF-8 sequence starts one.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }
}
