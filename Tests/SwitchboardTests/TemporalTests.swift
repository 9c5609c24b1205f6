import Foundation
import Switchboard
import Testing

@Suite struct TemporalTests {
    @Test(arguments: [
        ("2026-11-23T09:30:00.000Z", "2026-11-23T09:30:00.000Z"),
        ("2026-11-23T09:30:00Z", "2026-11-23T09:30:00.000Z"),
        ("2026-11-23T09:30Z", "2026-11-23T09:30:00.000Z"),
        ("2026-11-23T09:30:00.123456Z", "2026-11-23T09:30:00.123Z"),
        ("2026-11-23T09:30:00.500+05:30", "2026-11-23T09:30:00.500+05:30"),
        ("1969-12-31T23:59:59.999-01:00", "1969-12-31T23:59:59.999-01:00"),
        ("2024-02-29T00:00:00Z", "2024-02-29T00:00:00.000Z"),
        ("2026-11-23T09:30:00", "2026-11-23T09:30:00.000Z"),
    ])
    func dateTimeRoundTripsInAppSyncFormat(text: String, expected: String) throws {
        #expect(try Temporal.DateTime(iso8601String: text).iso8601String == expected)
    }

    @Test func dateTimeOffsetsNameTheSameInstant() throws {
        let utc = try Temporal.DateTime(iso8601String: "2026-11-23T08:00:00Z")
        let berlin = try Temporal.DateTime(iso8601String: "2026-11-23T09:00:00+01:00")
        #expect(utc == berlin)
        #expect(utc.foundationDate.timeIntervalSince1970 == 1_795_420_800)
        #expect(Temporal.DateTime(Date(timeIntervalSince1970: 0)).iso8601String == "1970-01-01T00:00:00.000Z")
    }

    @Test func datesAndTimesKeepTheirOffsetOnlyWhenGiven() throws {
        #expect(try Temporal.Date(iso8601String: "2026-11-23").iso8601String == "2026-11-23")
        #expect(try Temporal.Date(iso8601String: "2026-11-23Z").iso8601String == "2026-11-23Z")
        #expect(try Temporal.Date(iso8601String: "2026-11-23+08:00").iso8601String == "2026-11-23+08:00")
        #expect(try Temporal.Time(iso8601String: "09:30").iso8601String == "09:30:00.000")
        #expect(try Temporal.Time(iso8601String: "23:59:59.250-07:00").iso8601String == "23:59:59.250-07:00")
        #expect(Temporal.Date(Date(timeIntervalSince1970: 86_399)).iso8601String == "1970-01-01Z")
        #expect(try Temporal.Date(iso8601String: "2026-01-02") < Temporal.Date(iso8601String: "2026-01-03"))
    }

    @Test(arguments: [
        ("2026-13-01", "AWSDate", "month 13 is out of range at byte 5"),
        ("2026-02-29", "AWSDate", "day 29 is out of range at byte 8"),
        ("2026-11-2", "AWSDate", "expected 2 digits of the day at byte 9"),
        ("2026-11-23 09:30", "AWSDateTime", "expected \"T\" between the date and the time at byte 10"),
        ("2026-11-23T25:00Z", "AWSDateTime", "time out of range at byte 11"),
        ("09:30:00.Z", "AWSTime", "expected digits after \".\" at byte 9"),
        ("09:30:00+1", "AWSTime", "expected 2 digits of the offset hours at byte 10"),
        ("09:30:00Zjunk", "AWSTime", "unexpected text at byte 9"),
    ])
    func badTextThrowsWithScalarAndByteOffset(text: String, scalar: String, reason: String) {
        let failure: TemporalError?
        do {
            switch scalar {
            case "AWSDate": _ = try Temporal.Date(iso8601String: text)
            case "AWSTime": _ = try Temporal.Time(iso8601String: text)
            default: _ = try Temporal.DateTime(iso8601String: text)
            }
            failure = nil
        } catch {
            failure = error as? TemporalError
        }
        #expect(failure?.scalar == scalar)
        #expect(failure?.reason == reason)
        #expect(failure?.description.contains(text) == true)
    }

    @Test func decodingFailureIsADecodingErrorNamingTheScalar() {
        let json = Data(#"{"at":"yesterday"}"#.utf8)
        struct Holder: Decodable { let at: Temporal.DateTime }
        #expect {
            _ = try JSONDecoder().decode(Holder.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("AWSDateTime")
        }
    }

    @Test func timestampsAreJSONNumbersOfSeconds() throws {
        let stamp = Temporal.Timestamp(secondsSinceEpoch: 1_795_426_200)
        #expect(String(decoding: try JSONEncoder().encode([stamp]), as: UTF8.self) == "[1795426200]")
        #expect(
            try JSONDecoder().decode([Temporal.Timestamp].self, from: Data("[5]".utf8)) == [
                Temporal.Timestamp(secondsSinceEpoch: 5)
            ])
        #expect(stamp.graphQLValue == .number(1_795_426_200))
    }
}
