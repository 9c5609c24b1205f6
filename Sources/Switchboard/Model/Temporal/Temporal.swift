import Foundation

/// AppSync's temporal scalars with their exact text formats:
///
/// | Type | Scalar | Sent as |
/// |---|---|---|
/// | ``Temporal/Date`` | `AWSDate` | `2026-11-23` (an offset such as `Z` is kept when given) |
/// | ``Temporal/DateTime`` | `AWSDateTime` | `2026-11-23T09:30:00.000Z` |
/// | ``Temporal/Time`` | `AWSTime` | `09:30:00.000` (an offset is kept when given) |
/// | ``Temporal/Timestamp`` | `AWSTimestamp` | `1795426200` (seconds since the epoch) |
///
/// Parsing reads the bytes directly (no `DateFormatter`), since lists decode thousands of dates.
public enum Temporal {}

/// What the `Temporal` date and time types share.
public protocol TemporalSpec: Hashable, Comparable, Codable, Persistable {
    /// The instant.
    var foundationDate: Foundation.Date { get }
    /// The offset the value was written with; `nil` when the text had none.
    var timeZone: TimeZone? { get }
    /// A value for the instant `date`, written with `timeZone`'s offset.
    init(_ date: Foundation.Date, timeZone: TimeZone?)
    /// Parses AppSync's text form; throws ``TemporalError`` with the offending text.
    init(iso8601String: String) throws
    /// AppSync's text form.
    var iso8601String: String { get }
}

extension TemporalSpec {
    /// The current instant, in UTC.
    public static func now() -> Self { Self(Foundation.Date(), timeZone: TemporalText.utc) }

    /// A value for `date` in UTC.
    public init(_ date: Foundation.Date) { self.init(date, timeZone: TemporalText.utc) }

    /// Orders by instant.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.foundationDate < rhs.foundationDate }

    /// Equal when the instants are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.foundationDate == rhs.foundationDate }

    /// Hashes the instant.
    public func hash(into hasher: inout Hasher) { hasher.combine(foundationDate) }

    /// Decodes AppSync's text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(iso8601String: text)
        } catch let error as TemporalError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes AppSync's text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601String)
    }

    /// The text form.
    public var graphQLValue: JSONValue { .string(iso8601String) }
}

/// Text that is not a valid AppSync date, time or date-time.
public struct TemporalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scalar that was expected (`AWSDate`, `AWSDateTime`, `AWSTime`).
    public let scalar: String
    /// The text that failed.
    public let text: String
    /// What is wrong, with the byte offset.
    public let reason: String

    /// One line naming the scalar, the text and the problem.
    public var description: String {
        "\"\(text.prefix(64))\" is not a valid \(scalar): \(reason)"
    }
}

extension Temporal {
    /// An `AWSDate`: a calendar date, optionally with an offset.
    public struct Date: TemporalSpec, Sendable {
        /// Midnight of the date at its offset (UTC when it has none).
        public let foundationDate: Foundation.Date
        /// The offset the date was written with.
        public let timeZone: TimeZone?

        /// The date containing `date` at `timeZone` (UTC when `nil`).
        public init(_ date: Foundation.Date, timeZone: TimeZone?) {
            let offset = timeZone?.secondsFromGMT(for: date) ?? 0
            let local = Int64((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
            let day = TemporalText.floorDivide(local, 86_400)
            foundationDate = Foundation.Date(timeIntervalSince1970: Double(day * 86_400 - Int64(offset)))
            self.timeZone = timeZone
        }

        /// Parses `YYYY-MM-DD` with an optional `Z` or `±hh:mm[:ss]` offset.
        public init(iso8601String: String) throws {
            var parser = TemporalText.Parser(text: iso8601String, scalar: "AWSDate")
            let days = try parser.date()
            let offset = try parser.offset()
            try parser.end()
            foundationDate = Foundation.Date(timeIntervalSince1970: Double(days * 86_400 - Int64(offset ?? 0)))
            timeZone = offset.flatMap(TemporalText.timeZone(secondsFromGMT:))
        }

        /// `YYYY-MM-DD`, plus the offset when the date has one.
        public var iso8601String: String {
            let offset = TemporalText.offset(of: self)
            var text = TemporalText.dateText(secondsSinceEpoch: foundationDate.timeIntervalSince1970 + Double(offset))
            if timeZone != nil { text += TemporalText.offsetText(offset) }
            return text
        }
    }

    /// An `AWSDateTime`: an instant with an offset.
    public struct DateTime: TemporalSpec, Sendable {
        /// The instant.
        public let foundationDate: Foundation.Date
        /// The offset the value is written with.
        public let timeZone: TimeZone?

        /// The instant `date`, written at `timeZone` (UTC when `nil`).
        public init(_ date: Foundation.Date, timeZone: TimeZone?) {
            foundationDate = date
            self.timeZone = timeZone
        }

        /// Parses `YYYY-MM-DDThh:mm[:ss[.fff]]` with a `Z` or `±hh:mm[:ss]` offset (UTC when absent).
        public init(iso8601String: String) throws {
            var parser = TemporalText.Parser(text: iso8601String, scalar: "AWSDateTime")
            let days = try parser.date()
            try parser.expectTimeSeparator()
            let seconds = try parser.time()
            let offset = try parser.offset()
            try parser.end()
            foundationDate = Foundation.Date(
                timeIntervalSince1970: Double(days * 86_400) + seconds - Double(offset ?? 0))
            timeZone = TemporalText.timeZone(secondsFromGMT: offset ?? 0)
        }

        /// `YYYY-MM-DDThh:mm:ss.fffZ` (or the value's offset instead of `Z`).
        public var iso8601String: String {
            let offset = TemporalText.offset(of: self)
            let local = foundationDate.timeIntervalSince1970 + Double(offset)
            return TemporalText.dateText(secondsSinceEpoch: local) + "T"
                + TemporalText.timeText(secondsSinceEpoch: local)
                + TemporalText.offsetText(offset)
        }

        /// The time of day of this instant.
        public var time: Time { Time(foundationDate, timeZone: timeZone) }
    }

    /// An `AWSTime`: a time of day, optionally with an offset.
    public struct Time: TemporalSpec, Sendable {
        /// The time on 1970-01-01 at its offset (UTC when it has none).
        public let foundationDate: Foundation.Date
        /// The offset the time was written with.
        public let timeZone: TimeZone?

        /// The time of day of `date` at `timeZone` (UTC when `nil`).
        public init(_ date: Foundation.Date, timeZone: TimeZone?) {
            let offset = timeZone?.secondsFromGMT(for: date) ?? 0
            let local = date.timeIntervalSince1970 + Double(offset)
            let dayStart = Double(TemporalText.floorDivide(Int64(local.rounded(.down)), 86_400) * 86_400)
            foundationDate = Foundation.Date(timeIntervalSince1970: local - dayStart - Double(offset))
            self.timeZone = timeZone
        }

        /// Parses `hh:mm[:ss[.fff]]` with an optional `Z` or `±hh:mm[:ss]` offset.
        public init(iso8601String: String) throws {
            var parser = TemporalText.Parser(text: iso8601String, scalar: "AWSTime")
            let seconds = try parser.time()
            let offset = try parser.offset()
            try parser.end()
            foundationDate = Foundation.Date(timeIntervalSince1970: seconds - Double(offset ?? 0))
            timeZone = offset.flatMap(TemporalText.timeZone(secondsFromGMT:))
        }

        /// `hh:mm:ss.fff`, plus the offset when the time has one.
        public var iso8601String: String {
            let offset = TemporalText.offset(of: self)
            var text = TemporalText.timeText(secondsSinceEpoch: foundationDate.timeIntervalSince1970 + Double(offset))
            if timeZone != nil { text += TemporalText.offsetText(offset) }
            return text
        }
    }

    /// An `AWSTimestamp`: whole seconds since the Unix epoch, sent as a JSON number.
    public struct Timestamp: Hashable, Comparable, Codable, Persistable, Sendable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public let secondsSinceEpoch: Int

        /// A timestamp of `secondsSinceEpoch`.
        public init(secondsSinceEpoch: Int) { self.secondsSinceEpoch = secondsSinceEpoch }

        /// The whole seconds of `date` (rounded down).
        public init(_ date: Foundation.Date) {
            secondsSinceEpoch = Int(date.timeIntervalSince1970.rounded(.down))
        }

        /// Now.
        public static func now() -> Timestamp { Timestamp(Foundation.Date()) }

        /// The instant.
        public var foundationDate: Foundation.Date { Foundation.Date(timeIntervalSince1970: Double(secondsSinceEpoch)) }

        /// Orders by time.
        public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSinceEpoch < rhs.secondsSinceEpoch }

        /// Decodes a JSON number of seconds.
        public init(from decoder: any Decoder) throws {
            secondsSinceEpoch = try decoder.singleValueContainer().decode(Int.self)
        }

        /// Encodes a JSON number of seconds.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(secondsSinceEpoch)
        }

        /// The number of seconds.
        public var graphQLValue: JSONValue { .number(Double(secondsSinceEpoch)) }
    }
}
