import Motion
@testable import UIKit
import Testing
import ReferenceMath

/// The slides tutorial's push: over 1.5 s the from-view shrinks to 0.8 (relative 0–0.25), both views
/// slide left by the container's width (0.25–0.5), and the to-view grows back to 1 (0.5–1).
@Suite struct KeyframeAnimationTests {
    static let width = 400.0
    static let duration = 1.5

    struct Slides {
        let stage = Stage(width: KeyframeAnimationTests.width, height: 800)
        let from: UIView
        let to: UIView

        init() {
            from = stage.add(CGRect(x: 0, y: 0, width: 400, height: 800), name: "from")
            to = stage.add(CGRect(x: 0, y: 0, width: 400, height: 800), name: "to")
            let (from, to, width) = (from, to, KeyframeAnimationTests.width)
            stage.perform {
                to.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
                to.center.x += width
                UIView.animateKeyframes(withDuration: KeyframeAnimationTests.duration, delay: 0,
                                      options: .calculationModeLinear, animations: {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) {
                        from.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
                    }
                    UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                        from.center.x -= width
                        to.center.x -= width
                    }
                    UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                        to.transform = .identity
                    }
                })
            }
        }
    }

    /// Piecewise linear through (time, value) keys.
    static func piecewise(_ keys: [(Double, Double)], at u: Double) -> Double {
        if u <= keys[0].0 { return keys[0].1 }
        for (k0, k1) in zip(keys, keys.dropFirst()) where u <= k1.0 {
            return k0.1 + (k1.1 - k0.1) * (u - k0.0) / (k1.0 - k0.0)
        }
        return keys[keys.count - 1].1
    }

    nonisolated static let times = [0, 0.1875, 0.375, 0.5625, 0.75, 0.9375, 1.125, 1.3125, 1.45, 1.5]

    @Test(arguments: times)
    func slidesPushMatchesTheEasedPiecewiseLinearKeys(time: Double) {
        let slides = Slides()
        slides.stage.frame(at: time)
        let u = Reference.easeInEaseOut(time / Self.duration)
        let fromScale = Self.piecewise([(0, 1), (0.25, 0.8)], at: u)
        let fromX = Self.piecewise([(0, 200), (0.25, 200), (0.5, -200)], at: u)
        let toX = Self.piecewise([(0, 600), (0.25, 600), (0.5, 200)], at: u)
        let toScale = Self.piecewise([(0, 0.8), (0.5, 0.8), (1, 1)], at: u)
        let from = slides.from.presentation, to = slides.to.presentation
        #expect(isClose(from.transform, CGAffineTransform(scaleX: fromScale, y: fromScale), 1e-6))
        // Positions move 1600 pt per unit of eased time in the middle phase, and the curve is solved
        // to ~1e-7: a few 1e-4 pt.
        #expect(isClose(from.center.x, fromX, 1e-3))
        #expect(isClose(to.center.x, toX, 1e-3))
        #expect(isClose(to.transform, CGAffineTransform(scaleX: toScale, y: toScale), 1e-6))
        #expect(from.center.y == 400 && to.center.y == 400)
    }

    @Test func slidesPushAtThePhaseBoundaries() {
        // ease(t/1.5) = 0.25 and 0.5 at the times where the phases meet: solve by bisection on time.
        let slides = Slides()
        func time(forEased target: Double) -> Double {
            var lo = 0.0, hi = 1.5
            for _ in 0..<100 {
                let mid = (lo + hi) / 2
                if Reference.easeInEaseOut(mid / 1.5) < target { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
        slides.stage.frame(at: time(forEased: 0.25))
        #expect(isClose(slides.from.presentation.transform.a, 0.8, 1e-6))
        #expect(isClose(slides.from.presentation.center.x, 200, 1e-3))
        #expect(isClose(slides.to.presentation.center.x, 600, 1e-3))
        slides.stage.frame(at: 0.75)  // ease(0.5) = 0.5 exactly, by symmetry
        #expect(isClose(slides.from.presentation.center.x, -200, 1e-3))
        #expect(isClose(slides.to.presentation.center.x, 200, 1e-3))
        #expect(isClose(slides.to.presentation.transform.a, 0.8, 1e-6))
    }

    @Test func slidesPushEndsOnTheModelValuesAndCompletes() {
        let slides = Slides()
        #expect(slides.from.center.x == -200 && slides.to.center.x == 200)
        #expect(slides.to.transform == .identity)
        #expect(slides.stage.window.engine.runningAnimationCount == 4)
        slides.stage.frame(at: 1.5)
        #expect(slides.stage.window.engine.runningAnimationCount == 0)
        #expect(slides.to.presentation.transform == .identity)
        #expect(slides.from.presentation.center.x == -200)
    }

    @Test func curveOptionReplacesTheDefaultPacing() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeLinear, .curveLinear],
                                  animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 105 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 5 }
            })
        }
        #expect(isClose(stage.x(view, at: 0.25), 55))
        #expect(isClose(stage.x(view, at: 0.5), 105))
        #expect(isClose(stage.x(view, at: 0.75), 55))
    }

    @Test func discreteModeJumpsAtKeyTimes() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeDiscrete, .curveLinear],
                                  animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.3) { view.center.x = 50 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 90 }
            })
        }
        // Keys: 5 @0, 5 @0.2, 50 @0.5, 90 @1: each value holds until the next key's time.
        let expected: [(Double, Double)] = [(0.1, 5), (0.3, 5), (0.49, 5), (0.5, 50), (0.9, 50)]
        for (t, x) in expected {
            #expect(stage.x(view, at: t) == x, "at t = \(t)")
        }
        #expect(stage.x(view, at: 1) == 90)
    }

    @Test func changesInTheOuterBlockSpanTheWholeAnimation() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.alpha = 0
            })
        }
        stage.frame(at: 0.3)
        #expect(isClose(view.presentation.alpha, 0.7))
    }

    @Test func addKeyframeOutsideAKeyframeBlockAppliesAtOnce() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.3 }
        }
        stage.frame(at: 0)
        #expect(view.presentation.alpha == 0.3)
        #expect(stage.window.engine.runningAnimationCount == 0)
    }
}
