import Motion
import Testing
import ReferenceMath

@Suite struct TimelineTests {
    @Test func rootTimelineFollowsItsClockFromZero() {
        let clock = ManualClock(now: 100)
        let root = Timeline(clock: clock)
        #expect(root.time == 0)
        clock.advance(by: 0.25)
        #expect(root.time == 0.25)
    }

    @Test func childRunsAtItsSpeedFromItsStartTime() {
        let clock = ManualClock()
        let root = Timeline(clock: clock)
        clock.set(2)
        let child = Timeline(parent: root, time: 5, speed: 2)
        #expect(child.time == 5)
        clock.set(3)
        #expect(child.time == 7)
    }

    @Test func pausedChildHoldsItsTimeAndSeekJumps() {
        let clock = ManualClock()
        let child = Timeline(parent: Timeline(clock: clock), time: 0, speed: 0)
        clock.advance(by: 10)
        #expect(child.time == 0)
        child.seek(to: 0.4)
        #expect(child.time == 0.4)
        clock.advance(by: 10)
        #expect(child.time == 0.4)
    }

    @Test func setSpeedContinuesFromTheCurrentTime() {
        let clock = ManualClock()
        let child = Timeline(parent: Timeline(clock: clock), time: 0, speed: 1)
        clock.set(1)
        child.setSpeed(-0.5)
        #expect(child.time == 1)
        clock.set(2)
        #expect(child.time == 0.5)
        child.pause()
        clock.set(9)
        #expect(child.time == 0.5)
    }

    @Test func nestedTimelinesCompose() {
        let clock = ManualClock()
        let root = Timeline(clock: clock)
        let outer = Timeline(parent: root, time: 0, speed: 2)
        let inner = Timeline(parent: outer, time: 1, speed: 3)
        clock.set(0.5)
        let expected: Double = 1 + 3 * (2 * 0.5)
        #expect(inner.time == expected)
    }

    @Test func rampFollowsItsCurveAndHoldsAtTheTarget() {
        let clock = ManualClock()
        let child = Timeline(parent: Timeline(clock: clock), time: 0, speed: 0)
        child.seek(to: 0.2)
        child.ramp(to: 1.0, duration: 0.5, curve: .easeInEaseOut)
        #expect(child.time == 0.2)
        #expect(!child.isRampFinished)
        clock.set(0.25)
        #expect(isClose(child.time, 0.2 + 0.8 * Reference.curve(0.42, 0, 0.58, 1, at: 0.5), 1e-6))
        clock.set(0.5)
        #expect(child.time == 1.0)
        #expect(child.isRampFinished)
        clock.set(7)
        #expect(child.time == 1.0)
    }

    @Test func zeroLengthRampJumpsToItsTarget() {
        let clock = ManualClock()
        let child = Timeline(parent: Timeline(clock: clock), time: 0.3, speed: 0)
        child.ramp(to: 0, duration: 0)
        #expect(child.time == 0)
        #expect(child.isRampFinished)
    }

    @Test func seekingCancelsARamp() {
        let clock = ManualClock()
        let child = Timeline(parent: Timeline(clock: clock), time: 0, speed: 0)
        child.ramp(to: 1, duration: 1)
        clock.set(0.5)
        child.seek(to: 0.1)
        #expect(child.ramp == nil)
        clock.set(2)
        #expect(child.time == 0.1)
    }

    @Test func aTimelineIsStillOnlyWhileItsTimeCannotMove() {
        let clock = ManualClock()
        let root = Timeline(clock: clock)
        let child = Timeline(parent: root, time: 0, speed: 1)
        let grandchild = Timeline(parent: child, time: 0, speed: 1)
        #expect(!root.isStill && !child.isStill && !grandchild.isStill)
        child.pause()
        // Under a paused parent, a running timeline holds its time too.
        #expect(child.isStill && grandchild.isStill)
        clock.advance(by: 1)
        #expect(grandchild.time == 0)
        child.ramp(to: 1, duration: 0.5)
        #expect(!child.isStill && !grandchild.isStill)
        clock.advance(by: 0.25)
        #expect(!child.isStill)
        clock.advance(by: 0.25)
        // Held at the ramp's target: still, and its time no longer moves.
        #expect(child.isStill && child.time == 1)
        clock.advance(by: 1)
        #expect(child.time == 1)
        child.ramp(to: 2, duration: 0.5, speedAfter: 1)
        clock.advance(by: 1)
        // Running on past the target: not still.
        #expect(!child.isStill && child.time == 2.5)
    }

    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock(now: 1)
        clock.advance(by: 0.5)
        #expect(clock.now == 1.5)
        clock.set(-2)
        #expect(clock.now == -2)
    }
}
