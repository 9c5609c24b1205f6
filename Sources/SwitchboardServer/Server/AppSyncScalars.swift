import Foundation
import GraphQLLanguage
import Switchboard

/// AppSync's scalars: strings in checked formats (`AWSDate`, `AWSTime`, `AWSDateTime`,
/// `AWSEmail`, `AWSURL`, `AWSPhone`, `AWSIPAddress`), epoch seconds (`AWSTimestamp`) and JSON
/// documents (`AWSJSON`, parsed on input as AppSync does, so items hold the structure, and
/// written back as JSON text).
struct AppSyncScalar: ScalarType {
    let name: String

    /// The nine scalars.
    static let all: [any ScalarType] = [
        "AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON", "AWSURL", "AWSPhone",
        "AWSIPAddress",
    ].map(AppSyncScalar.init(name:))

    /// Strings, except for `AWSJSON` (written as JSON text) and `AWSTimestamp` (numbers).
    var unchangedValues: UnchangedValues {
        name == "AWSJSON" || name == "AWSTimestamp" ? .none : .strings
    }

    func serialize(_ value: JSON) throws(ScalarError) -> JSON {
        switch name {
        case "AWSJSON": return .string(value.text)
        case "AWSTimestamp":
            guard let seconds = value.intValue else {
                throw ScalarError("Expected an AWSTimestamp (seconds) but was \(value.text)")
            }
            return .int(seconds)
        default:
            guard case .string = value else { throw ScalarError("Expected a string for \(name) but was \(value.text)") }
            return value
        }
    }

    func parseValue(_ value: JSON) throws(ScalarError) -> JSON {
        switch name {
        case "AWSTimestamp":
            guard let seconds = value.intValue else {
                throw ScalarError("Expected type 'AWSTimestamp' but was '\(BuiltInScalar.kind(of: value))'.")
            }
            return .int(seconds)
        case "AWSJSON":
            guard case .string(let text) = value else {
                throw ScalarError("Expected a JSON string for 'AWSJSON' but was '\(BuiltInScalar.kind(of: value))'.")
            }
            do {
                return try JSONReader.read(text)
            } catch {
                throw ScalarError("Unable to parse '\(text.prefix(80))' as valid JSON (\(error.reason)).")
            }
        default:
            guard case .string(let text) = value else {
                throw ScalarError("Expected type '\(name)' but was '\(BuiltInScalar.kind(of: value))'.")
            }
            guard Self.isValid(text, as: name) else {
                throw ScalarError("Unable to parse '\(text.prefix(80))' as a valid \(name).")
            }
            return value
        }
    }

    func parseLiteral(_ value: Value) throws(ScalarError) -> JSON {
        switch value {
        case .int(let text) where name == "AWSTimestamp":
            guard let seconds = Int(text) else { throw ScalarError("'\(text)' is not a valid AWSTimestamp.") }
            return .int(seconds)
        case .string(let text, _): return try parseValue(.string(text))
        default: throw ScalarError("Expected type '\(name)' but was '\(Printer.print(value).prefix(80))'.")
        }
    }

    // MARK: Formats

    static func isValid(_ text: String, as name: String) -> Bool {
        switch name {
        case "AWSDate": return isDate(text[...])
        case "AWSTime": return time(text[...], offsetRequired: false)
        case "AWSDateTime":
            guard let separator = text.firstIndex(of: "T"), isDate(text[..<separator]) else { return false }
            return time(text[text.index(after: separator)...], offsetRequired: true)
        case "AWSEmail":
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
        case "AWSURL":
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
            let scheme = text[..<colon]
            return scheme.first!.isLetter
                && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-" }
                && text.index(after: colon) < text.endIndex
        case "AWSPhone":
            let digits = text.filter(\.isNumber).count
            return digits >= 3 && text.allSatisfy { $0.isNumber || " +-().".contains($0) }
        case "AWSIPAddress":
            let address = text.split(separator: "/", maxSplits: 1).first.map(String.init) ?? text
            var buffer = [UInt8](repeating: 0, count: 16)
            return inet_pton(AF_INET, address, &buffer) == 1 || inet_pton(AF_INET6, address, &buffer) == 1
        default: return true
        }
    }

    /// `YYYY-MM-DD` with an optional offset.
    private static func isDate(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let month = number(bytes[5..<7]), let day = number(bytes[8..<10]), number(bytes[0..<4]) != nil,
            (1...12).contains(month), (1...31).contains(day)
        else { return false }
        return offset(bytes[10...], required: false)
    }

    /// `hh:mm[:ss[.s…]]` followed by `Z` or `±hh:mm[:ss]` (required for date-times).
    private static func time(_ text: Substring, offsetRequired: Bool) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 5, bytes[2] == UInt8(ascii: ":"), let hours = number(bytes[0..<2]),
            let minutes = number(bytes[3..<5]), hours < 24, minutes < 60
        else { return false }
        var index = 5
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            guard index + 3 <= bytes.count, let seconds = number(bytes[(index + 1)..<(index + 3)]), seconds < 61 else {
                return false
            }
            index += 3
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
                guard index > start else { return false }
            }
        }
        return offset(bytes[index...], required: offsetRequired)
    }

    private static func offset(_ bytes: ArraySlice<UInt8>, required: Bool) -> Bool {
        let rest = Array(bytes)
        if rest.isEmpty { return !required }
        if rest == [UInt8(ascii: "Z")] { return true }
        guard rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"), rest.count == 6 || rest.count == 9,
            rest[3] == UInt8(ascii: ":"), let hours = number(rest[1..<3]), let minutes = number(rest[4..<6]),
            hours < 24, minutes < 60
        else { return false }
        if rest.count == 9 { return rest[6] == UInt8(ascii: ":") && number(rest[7..<9]).map { $0 < 60 } == true }
        return true
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self))
    }
}

/// AppSync's clock: `$util.time.nowISO8601()` (UTC, milliseconds, `Z`).
enum AppSyncClock {
    /// `date` as `2023-11-14T22:13:20.042Z`. The calendar date comes from the client's temporal
    /// arithmetic (``TemporalText/civil(days:)``) rather than from `gmtime_r`, which takes
    /// glibc's time-zone lock: every request formats its time, and the loop threads queued on it.
    static func nowISO8601(_ date: Date = Date()) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        // Floored, so that an instant before 1970 still gets a time of day in 0..<1 day.
        let days = TemporalText.floorDivide(milliseconds, 86_400_000)
        let ofDay = milliseconds - days * 86_400_000
        let (year, month, day) = TemporalText.civil(days: days)
        // Written digit by digit into the string's own storage: `String(format:)` cost 6% of a
        // create's CPU.
        return String(unsafeUninitializedCapacity: 24) { bytes in
            func put(_ value: Int64, digits: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                    bytes[index] = UInt8(48 + value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            bytes[10] = UInt8(ascii: "T")
            put(ofDay / 3_600_000, digits: 2, at: 11)
            bytes[13] = UInt8(ascii: ":")
            put(ofDay / 60_000 % 60, digits: 2, at: 14)
            bytes[16] = UInt8(ascii: ":")
            put(ofDay / 1000 % 60, digits: 2, at: 17)
            bytes[19] = UInt8(ascii: ".")
            put(ofDay % 1000, digits: 3, at: 20)
            bytes[23] = UInt8(ascii: "Z")
            return 24
        }
    }
}
