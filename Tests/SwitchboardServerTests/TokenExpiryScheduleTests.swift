import Testing

@testable import SwitchboardServer

/// The registry's schedule of token expiries: earliest first, whatever the order of insertion,
/// and compaction that keeps the order.
@Suite struct TokenExpiryScheduleTests {
    @Test func expiredEntriesComeOutEarliestFirstAndOnlyThose() {
        var schedule = TokenExpirySchedule<Int>()
        // A fixed permutation of 0..<100 (37 is prime to 100).
        for index in 0..<100 { schedule.insert(index * 37 % 100, expiry: Double(index * 37 % 100)) }
        #expect(schedule.earliest == 0)
        #expect(schedule.removeExpired(before: 0).isEmpty)
        #expect(schedule.removeExpired(before: 10) == Array(0..<10))
        #expect(schedule.removeExpired(before: 10.5) == [10])
        #expect(schedule.count == 89)
        #expect(schedule.earliest == 11)
        #expect(schedule.removeExpired(before: 1_000) == Array(11..<100))
        #expect(schedule.earliest == nil)
    }

    @Test func compactionDropsInactiveEntriesAndKeepsTheOrder() {
        var schedule = TokenExpirySchedule<Int>()
        for index in (0..<50).reversed() { schedule.insert(index, expiry: Double(index)) }
        schedule.compact { $0 % 3 == 0 }
        #expect(schedule.count == 17)
        #expect(schedule.removeExpired(before: 100) == Array(stride(from: 0, to: 50, by: 3)))
    }
}
