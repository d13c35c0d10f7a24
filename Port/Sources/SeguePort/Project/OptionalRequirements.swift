/// UIKit's `@objc optional` protocol requirements that Segue's UIKit declares, by protocol: each
/// a requirement with a default in a protocol extension there. Keys are as `Declarations.key`
/// writes them: a method's name with its argument labels, a property's name.
///
/// `OptionalRequirementsTableTests` derives the same table from Sources/UIKit, so the two agree.
enum OptionalRequirements {
    static let byProtocol: [String: Set<String>] = [
        "UIAdaptivePresentationControllerDelegate": [
            "presentationControllerShouldDismiss(_:)",
            "presentationControllerWillDismiss(_:)",
            "presentationControllerDidDismiss(_:)",
            "presentationControllerDidAttemptToDismiss(_:)",
        ],
        "UIGestureRecognizerDelegate": [
            "gestureRecognizerShouldBegin(_:)",
            "gestureRecognizer(_:shouldReceive:)",
            "gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)",
            "gestureRecognizer(_:shouldRequireFailureOf:)",
            "gestureRecognizer(_:shouldBeRequiredToFailBy:)",
        ],
        "UINavigationControllerDelegate": [
            "navigationController(_:willShow:animated:)",
            "navigationController(_:didShow:animated:)",
            "navigationController(_:animationControllerFor:from:to:)",
            "navigationController(_:interactionControllerFor:)",
        ],
        "UITabBarControllerDelegate": [
            "tabBarController(_:shouldSelect:)",
            "tabBarController(_:didSelect:)",
            "tabBarController(_:animationControllerForTransitionFrom:to:)",
            "tabBarController(_:interactionControllerFor:)",
        ],
        "UIViewControllerAnimatedTransitioning": [
            "animationEnded(_:)",
            "interruptibleAnimator(using:)",
        ],
        "UIViewControllerInteractiveTransitioning": [
            "completionSpeed",
            "completionCurve",
            "wantsInteractiveStart",
        ],
        "UIViewControllerTransitioningDelegate": [
            "animationController(forPresented:presenting:source:)",
            "animationController(forDismissed:)",
            "interactionControllerForPresentation(using:)",
            "interactionControllerForDismissal(using:)",
            "presentationController(forPresented:presenting:source:)",
        ],
    ]
}
