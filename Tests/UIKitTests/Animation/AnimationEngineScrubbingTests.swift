import Motion
@testable import UIKit
import Testing
import ReferenceMath

/// Scrubbing: any animation put on a paused child timeline shows, at local time τ, exactly what the
/// same animation shows at time τ on a running root timeline.
@Suite struct AnimationEngineScrubbingTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case curve, spring, keyframes
        var testDescription: String { rawValue }

        /// Starts this kind's animation of `view` (center.x 5 → 305, alpha 1 → 0.2) over 1 s.
        func start(_ view: UIView) {
            switch self {
            case .curve:
                UIView.animate(withDuration: 1, delay: 0, options: .curveEaseIn, animations: {
                    view.center.x = 305; view.alpha = 0.2
                })
            case .spring:
                UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 1,
                             animations: { view.center.x = 305; view.alpha = 0.2 })
            case .keyframes:
                UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.3) { view.center.x = 405 }
                    UIView.addKeyframe(withRelativeStartTime: 0.3, relativeDuration: 0.7) { view.center.x = 305 }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.alpha = 0.2 }
                })
            }
        }
    }

    struct Scrubbed {
        let stage = Stage()
        let view: UIView
        let timeline: Timeline

        init(_ kind: Kind) {
            view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
            timeline = Timeline(parent: stage.window.engine.rootTimeline, time: 0, speed: 0)
            timeline.endBehavior = .hold
            let (view, timeline, engine) = (view, timeline, stage.window.engine)
            stage.perform { engine.withTimeline(timeline) { kind.start(view) } }
        }

        func sample(at tau: Double, clock: Double = 0) -> UIView.Presentation {
            timeline.seek(to: tau)
            stage.frame(at: clock)
            return view.presentation
        }
    }

    /// The same animation on a running root timeline, read at time τ.
    static func running(_ kind: Kind, at tau: Double) -> UIView.Presentation {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform { kind.start(view) }
        stage.frame(at: tau)
        return view.presentation
    }

    static let taus = [0.0, 0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95, 0.999]

    @Test(arguments: Kind.allCases)
    func seekingAPausedTimelineShowsWhatTheRunningAnimationShowsAtThatTime(kind: Kind) {
        let scrubbed = Scrubbed(kind)
        // Out of order on purpose: scrubbing is a pure function of τ.
        for tau in Self.taus.reversed() + Self.taus {
            let got = scrubbed.sample(at: tau, clock: tau * 7)
            let want = Self.running(kind, at: tau)
            #expect(isClose(got.center.x, want.center.x, 1e-9), "\(kind) at τ = \(tau)")
            #expect(isClose(got.alpha, want.alpha, 1e-9), "\(kind) at τ = \(tau)")
        }
        // Paused and held: the animation is still there after its end.
        _ = scrubbed.sample(at: 1.5)
        #expect(scrubbed.stage.window.engine.runningAnimationCount == 2)
    }

    @Test(arguments: Kind.allCases)
    func playingBackwardsRetracesTheSameValues(kind: Kind) {
        let scrubbed = Scrubbed(kind)
        scrubbed.timeline.seek(to: 1)
        scrubbed.stage.frame(at: 10)
        scrubbed.timeline.setSpeed(-1)
        for step in stride(from: 0.0, through: 1.0, by: 0.125) {
            scrubbed.stage.frame(at: 10 + step)
            let want = Self.running(kind, at: 1 - step)
            #expect(isClose(scrubbed.view.presentation.center.x, want.center.x, 1e-9), "\(kind) at τ = \(1 - step)")
        }
    }

    @Test(arguments: Kind.allCases)
    func rampReachesItsTargetAndThenTheAnimationCompletes(kind: Kind) {
        let scrubbed = Scrubbed(kind)
        var finished: [Bool] = []
        // A second, observable group on the same timeline.
        let probe = scrubbed.stage.add(CGRect(x: 0, y: 0, width: 1, height: 1))
        scrubbed.stage.perform {
            scrubbed.stage.window.engine.withTimeline(scrubbed.timeline) {
                UIView.animate(withDuration: 1, delay: 0, options: [], animations: { probe.alpha = 0 },
                             completion: { finished.append($0) })
            }
        }
        _ = scrubbed.sample(at: 0.4, clock: 1)
        scrubbed.timeline.ramp(to: 1, duration: 0.3, curve: .easeInEaseOut)
        scrubbed.stage.frame(at: 1.15)
        #expect(scrubbed.view.presentation.center.x != 305)
        scrubbed.stage.frame(at: 1.3)
        #expect(scrubbed.timeline.isRampFinished)
        #expect(scrubbed.timeline.time == 1)
        #expect(scrubbed.view.presentation.center.x == 305)
        #expect(isClose(scrubbed.view.presentation.alpha, 0.2, 1e-12))
        #expect(finished == [])
        scrubbed.timeline.endBehavior = .complete
        scrubbed.stage.frame(at: 1.35)
        #expect(finished == [true])
        #expect(scrubbed.stage.window.engine.runningAnimationCount == 0)
    }

    @Test func rootTimelineSpeedIsASlowMotionKnob() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.window.engine.rootTimeline.setSpeed(0.5)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 105 })
        }
        #expect(isClose(stage.x(view, at: 1), 55))
        #expect(stage.x(view, at: 2) == 105)
    }
}
