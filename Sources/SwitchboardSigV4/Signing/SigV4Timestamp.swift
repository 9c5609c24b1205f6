import Foundation

/// A SigV4 request time: `YYYYMMDD'T'HHMMSS'Z'` (`X-Amz-Date`) and its `YYYYMMDD` date stamp, in UTC.
package struct SigV4Timestamp: Sendable, Hashable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    package let secondsSince1970: Int64
    /// The `X-Amz-Date` form, e.g. `20150830T123600Z`.
    package let amzDate: String

    /// The `YYYYMMDD` day used in the credential scope.
    package var dateStamp: Substring { amzDate.prefix(8) }

    /// The time as a `Date`.
    package var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// The `X-Amz-Date` form.
    package var description: String { amzDate }

    /// The timestamp of `date`, truncated to whole seconds.
    package init(_ date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        secondsSince1970 = seconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            var value = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                value %= divisor
                divisor /= 10
            }
        }
        append(Int(year), digits: 4)
        append(month, digits: 2)
        append(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, digits: 2)
        append(secondOfDay / 60 % 60, digits: 2)
        append(secondOfDay % 60, digits: 2)
        bytes.append(UInt8(ascii: "Z"))
        amzDate = String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `YYYYMMDD'T'HHMMSS'Z'`; `nil` for anything else (including impossible dates).
    package init?(amzDate text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year), hour < 24,
            minute < 60, second < 60
        else { return nil }
        let days = Self.days(fromCivil: Int64(year), month, day)
        self.init(Date(timeIntervalSince1970: TimeInterval(days * 86_400 + Int64(hour * 3600 + minute * 60 + second))))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    private static func civil(fromDays days: Int64) -> (Int64, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthPrime = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthPrime + 2) / 5 + 1)
        let month = Int(monthPrime < 10 ? monthPrime + 3 : monthPrime - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func days(fromCivil year: Int64, _ month: Int, _ day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
