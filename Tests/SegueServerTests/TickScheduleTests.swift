@testable import SegueServer
import Testing

@Suite struct TickScheduleTests {
    /// The buckets `slotCount` consecutive slots tick, in order.
    private func oneInterval(_ schedule: inout TickSchedule) -> [[Int]] {
        (0..<schedule.slotCount).map { _ in Array(schedule.takeSlot()) }
    }

    @Test func everyBucketIsTickedOnceAnIntervalWhateverTheSlotCount() {
        for sessions in [0, 1, 16, 17, 100, 250, 511, 512, 2000] {
            var schedule = TickSchedule(bucketCount: 32, sessionsPerSlot: 16)
            _ = schedule.fit(sessions: sessions)
            let slots = oneInterval(&schedule)
            #expect(slots.flatMap { $0 }.sorted() == Array(0..<32), "\(sessions) sessions")
            // The next interval repeats the first.
            #expect(oneInterval(&schedule) == slots)
        }
    }

    @Test func slotsFollowTheSessionsUpToTheBucketCount() {
        var schedule = TickSchedule(bucketCount: 32, sessionsPerSlot: 16)
        #expect(schedule.slotCount == 1)
        let changes = [16, 17, 472].map { schedule.fit(sessions: $0) }
        #expect(changes == [false, true, true] && schedule.slotCount == 30)
        let sizes = oneInterval(&schedule).map(\.count)
        #expect(sizes == [2, 2] + Array(repeating: 1, count: 28))
        let capped = [5000, 9000].map { schedule.fit(sessions: $0) }
        #expect(capped == [true, false] && schedule.slotCount == 32)
    }

    @Test func slotsShrinkOnlyOnceHalfAsManyWouldDo() {
        var schedule = TickSchedule(bucketCount: 32, sessionsPerSlot: 16)
        _ = schedule.fit(sessions: 160)
        #expect(schedule.slotCount == 10)
        let at81 = schedule.fit(sessions: 81)  // 6 slots would do: not yet half of 10
        #expect(!at81 && schedule.slotCount == 10)
        let at80 = schedule.fit(sessions: 80)
        #expect(at80 && schedule.slotCount == 5)
        let atZero = schedule.fit(sessions: 0)
        #expect(atZero && schedule.slotCount == 1)
    }

    @Test func aChangeStartsTheIntervalAtTheFirstSlot() {
        var schedule = TickSchedule(bucketCount: 8, sessionsPerSlot: 1)
        _ = schedule.fit(sessions: 4)
        let first = Array(schedule.takeSlot()), second = Array(schedule.takeSlot())
        #expect(first == [0, 4] && second == [1, 5])
        _ = schedule.fit(sessions: 8)
        let afterChange = Array(schedule.takeSlot())
        #expect(afterChange == [0])
    }

    @Test func aSessionStaysInTheBucketOfItsID() {
        let schedule = TickSchedule(bucketCount: 32, sessionsPerSlot: 16)
        #expect(schedule.bucket(of: 5) == 5 && schedule.bucket(of: 37) == 5 && schedule.bucket(of: 32) == 0)
    }
}
