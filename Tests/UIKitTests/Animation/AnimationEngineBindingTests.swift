import Foundation
import Motion
@testable import UIKit
import Testing

/// `AnimationEngine.current` is the engine whose `perform` runs on the calling thread.
@Suite struct AnimationEngineBindingTests {
    @Test func performBindsItsEngineAndANestedOneRestoresTheOuter() {
        let outer = AnimationEngine(clock: ManualClock(now: 0))
        let inner = AnimationEngine(clock: ManualClock(now: 0))
        #expect(AnimationEngine.current == nil)
        outer.perform {
            #expect(AnimationEngine.current === outer)
            inner.perform {
                #expect(AnimationEngine.current === inner)
                // Binding the engine already bound is a plain call and unbinds nothing.
                inner.perform { #expect(AnimationEngine.current === inner) }
                #expect(AnimationEngine.current === inner)
            }
            #expect(AnimationEngine.current === outer)
        }
        #expect(AnimationEngine.current == nil)
    }

    @Test func aThrowingBodyStillUnbinds() {
        struct Refused: Error {}
        let engine = AnimationEngine(clock: ManualClock(now: 0))
        #expect(throws: Refused.self) { try engine.perform { throw Refused() } }
        #expect(AnimationEngine.current == nil)
    }

    /// Two threads each animate in their own engine's `perform` at once, many times over: each
    /// block finds its own thread's engine, never the other's.
    @Test func enginesOnTwoThreadsNeverSeeEachOther() {
        let rounds = 20_000
        let results = [ThreadResult(), ThreadResult()]
        let started = DispatchGroup()
        for result in results {
            started.enter()
            Thread.detachNewThread {
                let engine = AnimationEngine(clock: ManualClock(now: 0))
                for _ in 0..<rounds {
                    engine.perform {
                        if AnimationEngine.current === engine { result.matched += 1 }
                    }
                    if AnimationEngine.current != nil { result.leftBound += 1 }
                }
                started.leave()
            }
        }
        started.wait()
        for result in results {
            #expect(result.matched == rounds)
            #expect(result.leftBound == 0)
        }
    }
}

/// One thread's counts, read after the thread has left the group.
private final class ThreadResult: @unchecked Sendable {
    var matched = 0
    var leftBound = 0
}
