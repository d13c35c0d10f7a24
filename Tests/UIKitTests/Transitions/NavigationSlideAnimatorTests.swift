import Motion
@testable import UIKit
import Testing

@Suite("the stock navigation animator")
struct NavigationSlideAnimatorTests {
    /// A window showing a navigation controller with `root`, and the controller.
    func stack(_ stage: Stage) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: UIViewController(name: "root"))
        stage.window.rootViewController = navigation
        return navigation
    }

    @Test func aPushRunsThroughOneInterruptibleAnimatorThatAnimateTransitionStarted() throws {
        let stage = Stage()
        let navigation = stack(stage)
        stage.perform { navigation.pushViewController(UIViewController(name: "next"), animated: true) }
        let context = try #require(stage.window.transitions.active)
        let animator = try #require(context.animator as? NavigationSlideAnimator)
        let first = try #require(animator.interruptibleAnimator(using: context) as? UIViewPropertyAnimator)
        #expect(animator.interruptibleAnimator(using: context) === first)
        #expect(first.state == .active && first.isRunning)
        #expect(first.timingParameters.springTimingParameters?.dampingRatio == 1)
        stage.frame(at: NavigationSlideAnimator.duration + 0.01)
        #expect(stage.window.transitions.active == nil)
        #expect(navigation.viewControllers.map(\.name) == ["root", "next"])
        #expect(first.state == .inactive)
    }

    @Test func theSpringIsReactNavigationsRunCriticallyDamped() {
        let spring = NavigationSlideAnimator.spring(relativeVelocity: 0)
        guard case .physical(let mass, let stiffness, let damping) = spring.form else {
            Issue.record("not a physical spring")
            return
        }
        #expect(mass == 3 && stiffness == 1000)
        #expect(abs(damping - 2 * 3000.0.squareRoot()) < 1e-12)
        #expect(abs(NavigationSlideAnimator.duration - 0.50573) < 1e-5)
    }

    @Test(arguments: [(5.0, 5.0), (18.0, 18.0), (40.0, 18.257418583505537), (-40.0, -40.0)])
    func throwsTowardTheEndAreClippedToOmega(relative: Double, handedOver: Double) {
        let spring = NavigationSlideAnimator.spring(relativeVelocity: relative)
        #expect(abs(spring.initialVelocity.dx - handedOver) < 1e-9)
        #expect(spring.initialVelocity.dy == 0)
    }

    @Test func theBackSwipeIsALeftEdgePanOnTheNavigationView() {
        let stage = Stage()
        let navigation = stack(stage)
        let recognizer = navigation.interactivePopGestureRecognizer
        #expect(recognizer.edges == .left)
        #expect(recognizer.view === navigation.view)
        #expect(recognizer.isEnabled)
    }
}
