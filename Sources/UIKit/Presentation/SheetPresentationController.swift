import Motion

/// `UISheetPresentationController` (iOS 15): what a `.pageSheet` presentation shows. The presented
/// view rests at one of its detents, follows a finger between them, rubber-bands past the largest,
/// and is dismissed by a flick down; the views behind dim and scale back as it rises.
///
/// Reach it as `viewController.sheetPresentationController`, configure it before presenting, and
/// wrap later changes in `animateChanges` to animate them (outside it they apply at once, as in UIKit).
@preconcurrency @MainActor public final class UISheetPresentationController {
    /// iOS 15's sheet corner radius when `preferredCornerRadius` is nil.
    public static let defaultCornerRadius = 10.0

    public unowned let presentedViewController: UIViewController

    /// The heights the sheet may rest at; `.large()` unless set (UIKit's default).
    public var detents: [Detent] = [.large()] {
        didSet { configurationChanged() }
    }

    /// The detent the sheet rests at; nil means the smallest. Updated when a drag settles elsewhere.
    public var selectedDetentIdentifier: Detent.Identifier? {
        get { selectedDetent }
        set {
            selectedDetent = newValue
            configurationChanged()
        }
    }

    /// The largest detent that leaves the views behind undimmed; nil dims them at every detent.
    public var largestUndimmedDetentIdentifier: Detent.Identifier? {
        didSet { configurationChanged() }
    }

    /// Shows the 36 × 5 pt grabber near the sheet's top.
    public var prefersGrabberVisible = false {
        didSet { configurationChanged() }
    }

    /// The sheet's top corners' radius; nil for `defaultCornerRadius`.
    public var preferredCornerRadius: Double? {
        didSet { configurationChanged() }
    }

    /// The selected detent as the sheet knows it: written by the driver when a drag settles,
    /// without the re-layout a public write asks for.
    var selectedDetent: Detent.Identifier?
    /// Inside `animateChanges`: changes wait for the block's end, then animate.
    private var changesAreBatched = false
    private(set) lazy var driver = SheetDriver(sheet: self)

    init(presentedViewController: UIViewController) {
        self.presentedViewController = presentedViewController
    }

    /// Makes every change `changes` makes to this sheet (detents, selection, dimming, grabber,
    /// corner radius) animate together, with the sheet's settling spring.
    public func animateChanges(_ changes: () -> Void) {
        let outer = !changesAreBatched
        changesAreBatched = true
        changes()
        guard outer else { return }
        changesAreBatched = false
        driver.applyConfiguration(animated: true)
    }

    var cornerRadius: Double { preferredCornerRadius ?? Self.defaultCornerRadius }

    private func configurationChanged() {
        guard !changesAreBatched else { return }
        driver.applyConfiguration(animated: false)
    }
}

extension UISheetPresentationController: UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        driver
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        driver
    }

    /// A dismissal a drag asks for is driven by that drag.
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        driver.isBeginningDragDismissal ? driver : nil
    }
}

extension UIViewController {
    /// `sheetPresentationController`: this controller's sheet when its `modalPresentationStyle` is
    /// `.pageSheet` (created on first use), nil otherwise, as in UIKit.
    public var sheetPresentationController: UISheetPresentationController? {
        guard modalPresentationStyle == .pageSheet else { return nil }
        if let sheetStorage { return sheetStorage }
        let sheet = UISheetPresentationController(presentedViewController: self)
        sheetStorage = sheet
        return sheet
    }
}
