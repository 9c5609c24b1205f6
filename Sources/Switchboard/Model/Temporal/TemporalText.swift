import Foundation

/// Byte-level parsing and formatting of AppSync's temporal text forms (proleptic Gregorian
/// calendar, civil-from-days conversion), without `DateFormatter`. The local server's clock
/// uses its calendar arithmetic too.
package enum TemporalText {
    /// UTC, made once: most values are written with `Z`, and a `TimeZone` costs an allocation and
    /// a lookup to make.
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// The fixed-offset time zone of `offset` seconds (`nil` beyond ±18 hours).
    static func timeZone(secondsFromGMT offset: Int) -> TimeZone? {
        offset == 0 ? utc : TimeZone(secondsFromGMT: offset)
    }

    /// `value / divisor` rounded toward negative infinity.
    package static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 of a civil date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    package static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func offset(of value: some TemporalSpec) -> Int {
        value.timeZone?.secondsFromGMT(for: value.foundationDate) ?? 0
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(abs(value))
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    static func dateText(secondsSinceEpoch: Double) -> String {
        let days = floorDivide(Int64(secondsSinceEpoch.rounded(.down)), 86_400)
        let (year, month, day) = civil(days: days)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    static func timeText(secondsSinceEpoch: Double) -> String {
        let milliseconds = Int64((secondsSinceEpoch * 1000).rounded())
        let ofDay = milliseconds - floorDivide(milliseconds, 86_400_000) * 86_400_000
        let hours = ofDay / 3_600_000
        let minutes = ofDay / 60_000 % 60
        let seconds = ofDay / 1000 % 60
        return "\(padded(hours, 2)):\(padded(minutes, 2)):\(padded(seconds, 2)).\(padded(ofDay % 1000, 3))"
    }

    static func offsetText(_ offset: Int) -> String {
        if offset == 0 { return "Z" }
        let magnitude = Int64(abs(offset))
        var text = (offset < 0 ? "-" : "+") + padded(magnitude / 3600, 2) + ":" + padded(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += ":" + padded(magnitude % 60, 2) }
        return text
    }

    /// Reads one temporal text left to right, failing with the byte offset of the first problem.
    struct Parser {
        let text: String
        let scalar: String
        let bytes: [UInt8]
        var index = 0

        init(text: String, scalar: String) {
            self.text = text
            self.scalar = scalar
            self.bytes = Array(text.utf8)
        }

        func failure(_ reason: String, at offset: Int? = nil) -> TemporalError {
            TemporalError(scalar: scalar, text: text, reason: "\(reason) at byte \(offset ?? index)")
        }

        mutating func digits(_ count: Int, _ name: String) throws(TemporalError) -> Int64 {
            var value: Int64 = 0
            for _ in 0..<count {
                guard index < bytes.count, (48...57).contains(bytes[index]) else {
                    throw failure("expected \(count) digits of the \(name)")
                }
                value = value * 10 + Int64(bytes[index] - 48)
                index += 1
            }
            return value
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(TemporalError) {
            guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(what)") }
            index += 1
        }

        /// `YYYY-MM-DD` → days since the epoch.
        mutating func date() throws(TemporalError) -> Int64 {
            let year = try digits(4, "year")
            try expect(UInt8(ascii: "-"), "\"-\" after the year")
            let monthStart = index
            let month = try digits(2, "month")
            try expect(UInt8(ascii: "-"), "\"-\" after the month")
            let dayStart = index
            let day = try digits(2, "day")
            guard (1...12).contains(month) else { throw failure("month \(month) is out of range", at: monthStart) }
            let monthLengths: [Int64] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            let length = month == 2 && !isLeap ? 28 : monthLengths[Int(month - 1)]
            guard (1...length).contains(day) else { throw failure("day \(day) is out of range", at: dayStart) }
            return TemporalText.days(year: year, month: month, day: day)
        }

        mutating func expectTimeSeparator() throws(TemporalError) {
            try expect(UInt8(ascii: "T"), "\"T\" between the date and the time")
        }

        /// `hh:mm[:ss[.f…]]` → seconds since midnight.
        mutating func time() throws(TemporalError) -> Double {
            let start = index
            let hours = try digits(2, "hours")
            try expect(UInt8(ascii: ":"), "\":\" after the hours")
            let minutes = try digits(2, "minutes")
            var seconds: Int64 = 0
            var fraction = 0.0
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                seconds = try digits(2, "seconds")
                if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                    index += 1
                    var scale = 0.1
                    let start = index
                    while index < bytes.count, (48...57).contains(bytes[index]) {
                        fraction += Double(bytes[index] - 48) * scale
                        scale /= 10
                        index += 1
                    }
                    guard index > start else { throw failure("expected digits after \".\"") }
                }
            }
            guard hours < 24, minutes < 60, seconds < 60 else { throw failure("time out of range", at: start) }
            return Double(hours * 3600 + minutes * 60 + seconds) + fraction
        }

        /// `Z`, `±hh:mm[:ss]` or nothing.
        mutating func offset() throws(TemporalError) -> Int? {
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "Z") {
                index += 1
                return 0
            }
            let sign: Int64
            switch bytes[index] {
            case UInt8(ascii: "+"): sign = 1
            case UInt8(ascii: "-"): sign = -1
            default: throw failure("expected \"Z\" or an offset such as +01:00")
            }
            let start = index
            index += 1
            let hours = try digits(2, "offset hours")
            try expect(UInt8(ascii: ":"), "\":\" in the offset")
            let minutes = try digits(2, "offset minutes")
            var seconds: Int64 = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                index += 1
                seconds = try digits(2, "offset seconds")
            }
            guard hours < 24, minutes < 60, seconds < 60 else { throw failure("offset out of range", at: start) }
            return Int(sign * (hours * 3600 + minutes * 60 + seconds))
        }

        func end() throws(TemporalError) {
            guard index == bytes.count else { throw failure("unexpected text") }
        }
    }
}
