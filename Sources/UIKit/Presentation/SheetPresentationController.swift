import Motion

/// `UISheetPresentationController` (iOS 15): the presentation controller of a `.pageSheet` or
/// `.formSheet` presentation (and `.automatic`'s). The presented view rests at one of its detents,
/// follows a finger between them, rubber-bands past the largest, and is dismissed by a flick down
/// or a tap on the dimming, which its `delegate` may refuse (`UIAdaptivePresentationControllerDelegate`,
/// `isModalInPresentation`); the views behind dim and scale back as it rises. In a regular-width
/// window (an iPad) it floats centred instead: at the form sheet's size, or the page sheet's.
///
/// Reach it as `viewController.sheetPresentationController`, configure it before presenting, and
/// wrap later changes in `animateChanges` to animate them (outside it they apply at once, as in UIKit).
@preconcurrency @MainActor open class UISheetPresentationController: UIPresentationController {
    /// iOS 15's sheet corner radius when `preferredCornerRadius` is nil.
    public static let defaultCornerRadius = 10.0

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

    /// The sheet UIKit makes for a controller presented with a sheet `style`.
    override init(presentedViewController: UIViewController, builtInStyle style: UIModalPresentationStyle) {
        super.init(presentedViewController: presentedViewController, builtInStyle: style)
    }

    /// `init(presentedViewController:presenting:)`: a sheet a transitioning delegate vends for a
    /// `.custom` presentation.
    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
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

    /// Where the sheet rests: the selected detent, or centred in a regular-width container.
    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        return driver.restingFrame(in: containerView.bounds.size)
    }

    /// The frame of a sheet that keeps one size in a container of `size` under a status bar
    /// `topSafeAreaInset` tall: centred in a regular-width window (an iPad), the whole window in a
    /// compact-height one (a phone held sideways, where UIKit shows a sheet as `.fullScreen`); nil
    /// where it rests at its detents, attached to the bottom edge (a phone held upright).
    func floatingFrame(in size: CGSize, topSafeAreaInset: Double) -> CGRect? {
        if SafeArea.isCompactHeight(size) { return CGRect(origin: .zero, size: size) }
        guard Self.isRegularWidth(size) else { return nil }
        let verticalInset = topSafeAreaInset + SheetLayout.presenterTopOffset
        let preferred = presentedViewController.preferredContentSize
        let sheetSize: CGSize
        if presentationStyle == .formSheet {
            sheetSize = preferred.width > 0 && preferred.height > 0 ? preferred : Self.defaultFormSheetSize(in: size)
        } else {
            sheetSize = CGSize(width: Self.pageSheetWidth, height: size.height)
        }
        let width = min(sheetSize.width, size.width - 2 * Self.minimumSidePadding)
        let height = min(sheetSize.height, size.height - 2 * verticalInset)
        return CGRect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    /// A regular horizontal size class, as an iPad's full-screen window has in either orientation
    /// (`SafeArea.device(for:)` reads the device from the size). Phones are compact here, in
    /// landscape too (where the Plus and Max models are regular width, their compact height shows
    /// sheets full height anyway).
    static func isRegularWidth(_ size: CGSize) -> Bool {
        switch SafeArea.device(for: size) {
        case .pad, .homeButtonPad: true
        case .notchedPhone, .homeButtonPhone: false
        }
    }

    /// UIKit's default form sheet size by the screen's longer side (`_UISheetPresentationMetrics`,
    /// iOS 17): 540 × 600 up to 1024 pt, 580 × 640 below 1590, else 620 × 680.
    static func defaultFormSheetSize(in size: CGSize) -> CGSize {
        let longer = max(size.width, size.height)
        if longer <= 1024 { return CGSize(width: 540, height: 600) }
        if longer < 1590 { return CGSize(width: 580, height: 640) }
        return CGSize(width: 620, height: 680)
    }

    /// The floating sheets' margins: UIKit's `minimumSidePadding` (25 pt) at the sides; above and
    /// below, the phone sheet's 10 pt below the status bar (`_UISheetPresentationMetrics.topOffset`),
    /// our choice for the bottom too. UIKit publishes neither its iPad page sheet's width nor its
    /// insets: 704 pt is our choice, the width of a portrait page of iPadOS 13's page sheet as seen.
    static let minimumSidePadding = 25.0
    static let pageSheetWidth = 704.0

    // MARK: The built-in presentation

    override func builtInAnimator() -> UIViewControllerAnimatedTransitioning? { driver }

    /// A dismissal a drag asks for is driven by that drag.
    override func builtInInteractionControllerForDismissal() -> UIViewControllerInteractiveTransitioning? {
        driver.isBeginningDragDismissal ? driver : nil
    }

    override func restingFrameOfPresentedView(in bounds: CGRect) -> CGRect {
        driver.layoutPresentedView(in: bounds)
    }
}

extension UIViewController {
    /// `sheetPresentationController`: this controller's sheet when its `modalPresentationStyle` is
    /// `.pageSheet`, `.formSheet` or `.automatic` (its `presentationController`), nil otherwise, as
    /// in UIKit.
    public var sheetPresentationController: UISheetPresentationController? {
        presentationController as? UISheetPresentationController
    }
}
