import Foundation
import Switchboard
import Testing

@testable import SwitchboardServer

/// `$util.time.nowISO8601()`'s format, written without Foundation's formatter.
struct AppSyncClockTests {
    @Test func formatsUTCWithMillisecondsAndZ() {
        #expect(AppSyncClock.nowISO8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(AppSyncClock.nowISO8601(Date(timeIntervalSince1970: 1_700_000_000.042)) == "2023-11-14T22:13:20.042Z")
        // A leap day and the last millisecond of a year.
        #expect(AppSyncClock.nowISO8601(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(AppSyncClock.nowISO8601(Date(timeIntervalSince1970: 1_735_689_599.999)) == "2024-12-31T23:59:59.999Z")
    }

    @Test func agreesWithISO8601DateFormatterOverManyInstants() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var seconds = 0.0
        for step in 0..<2_000 {
            seconds += 1_234_567.891 + Double(step)
            // A whole millisecond and 0.4 more: the clock truncates and the formatter rounds, so
            // both must print the same millisecond.
            let date = Date(timeIntervalSince1970: (seconds * 1000).rounded(.down) / 1000 + 0.0004)
            #expect(AppSyncClock.nowISO8601(date) == formatter.string(from: date), "at \(seconds)")
        }
    }

    /// The date arithmetic against the C library's calendar for every day from 1900 to 2400
    /// (leap centuries included) and before 1970.
    @Test func civilDatesAgreeWithGmtimeForEveryDayFrom1900To2400() {
        var mismatches: [Int64] = []
        for days in Int64(-25_567)...Int64(157_000) {
            var seconds = time_t(days * 86_400)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let civil = TemporalText.civil(days: days)
            if civil.year != Int64(parts.tm_year) + 1900 || civil.month != Int64(parts.tm_mon) + 1
                || civil.day != Int64(parts.tm_mday)
            {
                mismatches.append(days)
            }
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
        #expect(AppSyncClock.nowISO8601(Date(timeIntervalSince1970: -0.0005)) == "1969-12-31T23:59:59.999Z")
    }
}
