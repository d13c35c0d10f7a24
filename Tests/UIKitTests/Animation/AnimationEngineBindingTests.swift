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
}
