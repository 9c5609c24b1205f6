import Switchboard

/// Writes compact JSON text into a byte buffer: members in their order, integers without a
/// fraction, doubles in Swift's shortest round-tripping form.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ value: JSON) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): JSONValue.appendInteger(Int64(number), to: &bytes)
        case .double(let number): writeDouble(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                write(member)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The number of bytes written.
    var count: Int { bytes.count }

    /// Drops what was written after the first `count` bytes (a value the executor started and
    /// then replaced with `null`).
    mutating func truncate(to count: Int) {
        bytes.removeSubrange(count...)
    }

    /// One byte of JSON syntax (`{`, `,`, …).
    mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// `null`.
    mutating func writeNull() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// Raw bytes that are already JSON text.
    mutating func writeRaw(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    private mutating func writeDouble(_ number: Double) {
        guard number.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        bytes.append(contentsOf: number.description.utf8)
    }

    /// A string literal, escaped by the client's writer (one JSON codec for the package).
    mutating func writeString(_ string: String) {
        JSONValue.appendQuoted(string, to: &bytes)
    }
}
