import Foundation
import Testing

@testable import SwitchboardAPI

/// The `x-amz-date` of API key handshakes, formatted without a `DateFormatter`.
struct RealtimeAuthorizerTests {
    @Test(arguments: [
        (0.0, "19700101T000000Z"),
        (946_684_800, "20000101T000000Z"),  // the millennium: 2000-01-01T00:00:00Z
        (951_827_696, "20000229T123456Z"),  // leap day of a century leap year
        (1_709_251_199, "20240229T235959Z"),  // last second of a leap day
        (1_709_251_200, "20240301T000000Z"),  // and the day after
        (1_440_938_160.999, "20150830T123600Z"),  // fractions truncate, never round up
        (4_102_444_799.5, "20991231T235959Z"),
    ])
    func amzDateIsUTCWholeSeconds(seconds: Double, expected: String) {
        #expect(RealtimeAuthorizer.amzDate(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func amzDateMatchesDateFormatterAcrossManyDates() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Whole seconds from 1970 to 2099, so the reference needs no rounding decision.
            let date = Date(timeIntervalSince1970: Double((state >> 16) % 4_102_444_800))
            #expect(RealtimeAuthorizer.amzDate(date) == formatter.string(from: date))
        }
    }
}
