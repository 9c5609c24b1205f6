import Foundation

// The marked body: the original bytes with every insertion written at its position.
extension ListMarkingScanner {
    /// The body with every insertion written at its position.
    func markedBody() -> Data {
        guard !insertions.isEmpty, let source = bytes.baseAddress else { return Data(bytes) }
        let ordered =
            insertionsInOrder
            ? insertions
            : insertions.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
                .map(\.element)
        let markerKey = Array(NotLoadedListMarking.associationKey.utf8)
        var extra = 0
        for insertion in ordered {
            // [,]"name":digits
            extra +=
                (insertion.needsComma ? 1 : 0) + (insertion.association ?? markerKey).count + 3
                + digitCount(insertion.marker)
        }
        let count = bytes.count + extra
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        var written = 0
        var copied = 0
        for insertion in ordered {
            (output + written).update(from: source + copied, count: insertion.position - copied)
            written += insertion.position - copied
            copied = insertion.position
            if insertion.needsComma {
                output[written] = UInt8(ascii: ",")
                written += 1
            }
            output[written] = UInt8(ascii: "\"")
            written += 1
            let key = insertion.association ?? markerKey
            key.withUnsafeBufferPointer { (output + written).update(from: $0.baseAddress!, count: $0.count) }
            written += key.count
            output[written] = UInt8(ascii: "\"")
            output[written + 1] = UInt8(ascii: ":")
            written += 2
            let digits = digitCount(insertion.marker)
            var rest = insertion.marker
            for offset in stride(from: digits - 1, through: 0, by: -1) {
                output[written + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            written += digits
        }
        (output + written).update(from: source + copied, count: bytes.count - copied)
        return Data(bytesNoCopy: output, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    func digitCount(_ number: Int) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}
