import Motion

/// Moves one sheet: presents it, lets a finger hold and drag it, settles it on a detent with the
/// finger's velocity, and dismisses it. It is the sheet's animator and, for a dismissal a drag
/// starts, its interaction controller, so every presentation and dismissal goes through the
/// transition runner and ends with `dismiss(animated:)`'s bookkeeping.
///
/// Only the sheet's frame is animated (one spring at a time, additive when retargeted); the
/// dimming and the presenter's scale-back are functions of the sheet's height (`SheetLayout`),
/// applied on every move and, while the spring runs, on every frame through a display link.
final class SheetDriver {
    /// The settle spring: SwiftUI's default `.smooth` (response 0.5 s, no bounce: ζ = 1,
    /// ω = 2π/0.5 = 12.57 rad/s), whose envelope falls to 0.001 of the distance at
    /// ωT = 9.23, so T = 0.73 s; UIKit's duration-fitted spring with that T.
    static let settleDuration = 0.73
    static let settleDampingRatio = 1.0
    /// Deceleration a release is projected with (UIScrollView's normal rate, WWDC 2018).
    static let decelerationRate = FluidMath.normalDecelerationRate
    /// The grabber: iOS's 36 × 5 pt capsule, 5 pt below the sheet's top, in tertiary-label gray.
    static let grabberSize = CGSize(width: 36, height: 5)
    static let grabberTopInset = 5.0
    static let grabberColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)

    /// Where the sheet is going once let go: a detent, or off the bottom edge.
    nonisolated enum Target: Equatable {
        case detent(UISheetPresentationController.Detent.Identifier)
        case dismissed
    }

    nonisolated enum Phase {
        /// Not on screen.
        case detached
        /// At its target, nothing moving.
        case resting
        /// A spring carries it to its target.
        case settling
        /// A finger holds it: `rawHeightAtGrab` is its height when grabbed with the rubber band
        /// undone, which the finger's translation moves 1:1.
        case held(rawHeightAtGrab: Double)
    }

    unowned let sheet: UISheetPresentationController
    private(set) var phase = Phase.detached
    private(set) var target = Target.dismissed
    /// The presentation or dismissal under way, completed when the sheet reaches its target. Not
    /// owned: the runner holds it until it completes, and it holds both controllers, this one's too.
    private var transitionReference: SelfClearingReference<TransitionContext>?
    private var transition: TransitionContext? {
        get { transitionReference?.object }
        set { transitionReference = newValue?.reference }
    }
    private var transitionIsDismissal = false
    /// The height a dismissal started from: its progress is the share of it gone.
    private var dismissalStartHeight = 0.0
    private var layout: SheetLayout?
    /// The controller the sheet covers, whose view scales back.
    private weak var presenter: UIViewController?
    private var recognizer: SheetGrabRecognizer?
    /// Applies the dimming and scale-back for the spring's height each frame while it runs.
    private var link: CADisplayLink?
    /// Counts springs: only the latest one's end settles the sheet (a retarget runs on top of the last).
    private var springGeneration = 0
    let dimmingView: UIView
    let grabberView: UIView

    init(sheet: UISheetPresentationController) {
        self.sheet = sheet
        let name = sheet.presentedViewController.name
        dimmingView = UIView(name: "\(name)-dimming")
        dimmingView.backgroundColor = .black
        dimmingView.alpha = 0
        grabberView = UIView(name: "\(name)-grabber")
        grabberView.backgroundColor = Self.grabberColor
        grabberView.cornerRadius = Self.grabberSize.height / 2
        grabberView.isUserInteractionEnabled = false
        // A tap on the dimmed area dismisses, as in UIKit; hit-testing skips the dimming while it
        // is transparent (at and below the largest undimmed detent), so only a visible one takes it.
        dimmingView.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in self.dimmingTapped() })
    }

    /// The sheet's shadow: black at 0.15, blurred 10 pt, not offset (measured by eye against iOS 17's
    /// page sheet; UIKit does not publish its numbers).
    static let shadowOpacity = 0.15
    static let shadowRadius = 10.0

    private var sheetView: UIView { sheet.presentedViewController.view }

    /// True only while a drag asks for its dismissal: a `dismiss(animated:)` from anywhere else
    /// (a Done button tapped on the held sheet) animates on its own.
    private(set) var isBeginningDragDismissal = false
    /// The sheet's presentation controller refused this grab's dismissal
    /// (`isModalInPresentation`, or its delegate): the sheet resists below its smallest detent
    /// and springs back, and the delegate hears of the attempt on release.
    private var dismissalRefused = false

    var isHeld: Bool {
        if case .held = phase { return true }
        return false
    }

    // MARK: Layout

    /// Lays the sheet's own views out for a container of `bounds` and returns the presented view's
    /// frame there: the selected detent's (what `layoutFrame(in:)` answers for a page sheet).
    /// A window resized under a resting sheet also re-lays the scaled-back presenter, which its own
    /// layout skips while it is transformed.
    func layoutPresentedView(in bounds: CGRect) -> CGRect {
        let layout = makeLayout(for: bounds.size)
        self.layout = layout
        dimmingView.frame = bounds
        placeGrabber(width: Double(layout.floatingFrame?.width ?? bounds.width))
        let height = restingHeight(in: layout)
        if case .resting = phase {
            if let presenter, !presenter.view.transform.isIdentity {
                presenter.view.transform = .identity
                presenter.layout(in: bounds, safeArea: presenter.window?.screenSafeAreaInsets ?? .zero)
            }
            applyDerived(height: height)
        }
        return layout.frame(forHeight: height)
    }

    private func makeLayout(for size: CGSize) -> SheetLayout {
        let topSafeAreaInset = Double((presenter?.window ?? sheet.presentedViewController.window)?.screenSafeAreaInsets.top ?? 0)
        return SheetLayout(containerSize: size, detents: sheet.detents, largestUndimmed: sheet.largestUndimmedDetentIdentifier,
                           bottomOverhang: sheet.cornerRadius, topSafeAreaInset: topSafeAreaInset,
                           floatingFrame: sheet.floatingFrame(in: size, topSafeAreaInset: topSafeAreaInset))
    }

    /// Where the sheet rests in a container of `size`: `layoutPresentedView(in:)`'s answer, without
    /// laying anything out.
    func restingFrame(in size: CGSize) -> CGRect {
        let layout = makeLayout(for: size)
        return layout.frame(forHeight: restingHeight(in: layout))
    }

    /// The selected detent's height, or the smallest's when none (or an inactive one) is selected.
    private func restingHeight(in layout: SheetLayout) -> Double {
        layout.height(of: sheet.selectedDetent) ?? layout.smallest.height
    }

    private func restingTarget(in layout: SheetLayout) -> Target {
        .detent(layout.detents.first { $0.identifier == sheet.selectedDetent }?.identifier ?? layout.smallest.identifier)
    }

    private func placeGrabber(width: Double) {
        grabberView.frame = CGRect(x: (width - Self.grabberSize.width) / 2, y: Self.grabberTopInset,
                                 width: Self.grabberSize.width, height: Self.grabberSize.height)
    }

    /// The sheet's height now: its model plus whatever its springs add at this instant.
    func currentHeight() -> Double {
        guard let layout else { return 0 }
        let view = sheetView
        var centerY = view.center.y, boundsHeight = view.bounds.height
        if let engine = AnimationEngine.current ?? sheet.presentedViewController.window?.engine {
            // Offsets are differences: read the lanes (a CGRect would standardize a negative height).
            centerY += engine.currentOffset(view, .center).lanes.1
            boundsHeight += engine.currentOffset(view, .bounds).lanes.3
        }
        return layout.height(forTop: centerY - boundsHeight / 2)
    }

    /// Puts the sheet at `height` at once, with the dimming and scale-back that go with it.
    private func place(atHeight height: Double) {
        guard let layout else { return }
        sheetView.frame = layout.frame(forHeight: height)
        applyDerived(height: height)
    }

    private func applyDerived(height: Double) {
        guard let layout else { return }
        dimmingView.alpha = SheetLayout.maximumDimmingAlpha * layout.dimmingFraction(forHeight: height)
        guard let presenterView = presenter?.view else { return }
        let progress = layout.presenterProgress(forHeight: height)
        presenterView.transform = layout.presenterTransform(progress: progress)
        presenterView.cornerRadius = SheetLayout.presenterCornerRadius * progress
    }

    // MARK: Configuration

    /// The sheet's properties changed: restyle, and move to the (new) selected detent, with the
    /// settle spring when `animated`. A held sheet goes where the release sends it; a sheet on its
    /// way out stays on its way.
    func applyConfiguration(animated: Bool) {
        grabberView.isHidden = !sheet.prefersGrabberVisible
        if case .detached = phase { return }
        sheetView.cornerRadius = sheet.cornerRadius
        guard let container = sheetView.superview else { return }
        let layout = makeLayout(for: container.bounds.size)
        self.layout = layout
        if isHeld || target == .dismissed { return }
        target = restingTarget(in: layout)
        let height = restingHeight(in: layout)
        if animated {
            settle(toHeight: height, velocity: 0)
        } else if case .resting = phase {
            place(atHeight: height)
        } else {
            // Mid-spring: the model moves now and the running spring's offset carries on from it.
            sheetView.frame = layout.frame(forHeight: height)
        }
    }

    // MARK: Presenting and dismissing

    /// Puts the dimming, the sheet and its grabber in the presentation's container, and the grab
    /// recognizer on it (every touch in the window reaches the container; `canGrab` keeps the ones
    /// on the sheet, wherever it is drawn).
    private func attach(to container: UIView, presenter: UIViewController?) -> SheetLayout {
        let layout = makeLayout(for: container.bounds.size)
        self.layout = layout
        self.presenter = presenter
        dimmingView.frame = container.bounds
        container.insertSubview(dimmingView, at: 0)
        let view = sheetView
        if view.superview !== container { container.addSubview(view) }
        view.cornerRadius = sheet.cornerRadius
        // iOS's sheets cast a faint, wide shadow upward onto what they cover.
        view.shadowOpacity = Self.shadowOpacity
        view.shadowRadius = Self.shadowRadius
        view.shadowOffset = .zero
        placeGrabber(width: Double(layout.floatingFrame?.width ?? container.bounds.width))
        grabberView.isHidden = !sheet.prefersGrabberVisible
        view.addSubview(grabberView)
        let recognizer = SheetGrabRecognizer(
            canGrab: { [unowned self] in self.canGrab(at: $0) },
            grab: { [unowned self] in self.grab() },
            letGoWithoutPanning: { [unowned self] in self.release(velocity: 0) },
            pan: { [unowned self] in self.handlePan($0) })
        container.addGestureRecognizer(recognizer)
        self.recognizer = recognizer
        return layout
    }

    private func detach() {
        link?.invalidate()
        link = nil
        if let recognizer { recognizer.view?.removeGestureRecognizer(recognizer) }
        recognizer = nil
        grabberView.removeFromSuperview()
        dimmingView.removeFromSuperview()
        presenter = nil
        phase = .detached
    }

    private func dimmingTapped() {
        guard target != .dismissed else { return }
        switch phase {
        case .resting, .settling:
            if sheet.allowsDismissalByUser() {
                sheet.dismissForUser()
            } else {
                sheet.dismissalByUserWasRefused()
            }
        case .detached, .held: break
        }
    }

    // MARK: Grabbing and dragging

    private func canGrab(at location: CGPoint) -> Bool {
        switch phase {
        case .detached, .held: return false
        case .resting, .settling: break
        }
        guard let layout, let container = sheetView.superview else { return false }
        let point = container.convert(location, from: nil)
        return layout.frame(forHeight: currentHeight()).contains(point)
    }

    /// A finger landed on the sheet: it stops where it is, and a presentation or dismissal under
    /// way becomes interactive again (`pauseInteractiveTransition`).
    private func grab() {
        let height = currentHeight()
        springGeneration += 1
        link?.invalidate()
        link = nil
        sheetView.removeAllAnimations()
        dismissalRefused = false
        phase = .held(rawHeightAtGrab: unbanded(height))
        place(atHeight: height)
        if let transition, !transition.isInteractive { transition.pauseInteractiveTransition() }
        reportProgress(height: height)
    }

    private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began, .changed:
            drag(by: recognizer.translation(in: nil).y)
        case .ended:
            release(velocity: recognizer.velocity(in: nil).y)
        case .cancelled:
            release(velocity: 0)
        default:
            break
        }
    }

    /// The finger moved `translation` points down since the pan began: the sheet follows 1:1,
    /// rubber-banded past its largest detent. Below its smallest, the dismissal begins.
    private func drag(by translation: Double) {
        guard case .held(let rawHeightAtGrab) = phase, let layout else { return }
        if transition == nil && !dismissalRefused && rawHeightAtGrab - translation < layout.smallest.height {
            beginDismissal()
        }
        let height = banded(max(rawHeightAtGrab - translation, 0), layout: layout)
        place(atHeight: height)
        reportProgress(height: height)
    }

    /// The finger lifted with `velocity` (points per second, down positive): settle on the target
    /// nearest to where that momentum would carry the sheet, handing the velocity to the spring.
    private func release(velocity: Double) {
        guard case .held = phase, let layout else { return }
        let height = currentHeight()
        var heightVelocity = velocity.isFinite ? -velocity : 0
        if height > layout.largest.height {
            heightVelocity *= FluidMath.rubberBandSlope(at: unbanded(height) - layout.largest.height,
                                                        dimension: layout.stretchRoom)
        }
        // A refused dismissal is judged where the finger would have taken the sheet, not where the
        // resistance holds it.
        let judgedHeight = dismissalRefused && height < layout.smallest.height ? unbanded(height) : height
        let projectedHeight = judgedHeight + FluidMath.projectedDistance(velocity: heightVelocity,
                                                                         decelerationRate: Self.decelerationRate)
        target = Self.target(for: projectedHeight, in: layout)
        if target == .dismissed && transition == nil {
            if !dismissalRefused { beginDismissal() }
            if transition == nil {
                // Not dismissed: the sheet springs back and, if refused, the delegate hears of the attempt.
                target = .detent(layout.smallest.identifier)
                if dismissalRefused { sheet.dismissalByUserWasRefused() }
            }
        }
        if let transition, transition.isInteractive {
            // Dismissed below half the smallest detent: the line, in the transition's progress.
            let toward = transitionIsDismissal ? -1.0 : 1.0
            transition.describeRelease(velocity: toward * heightVelocity,
                                       projectedProgress: progress(atHeight: projectedHeight),
                                       threshold: progress(atHeight: layout.smallest.height / 2))
            if (target == .dismissed) == transitionIsDismissal {
                transition.finishInteractiveTransition()
            } else {
                transition.cancelInteractiveTransition()
            }
        }
        let targetHeight: Double
        switch target {
        case .detent(let identifier):
            sheet.selectedDetent = identifier
            targetHeight = layout.height(of: identifier) ?? layout.smallest.height
        case .dismissed:
            targetHeight = 0
        }
        settle(toHeight: targetHeight, velocity: heightVelocity)
    }

    /// The target nearest to `projectedHeight`: a detent, or dismissal (height 0) when the
    /// projection falls below half the smallest detent, the midpoint between the two.
    static func target(for projectedHeight: Double, in layout: SheetLayout) -> Target {
        var heights = [0.0]
        for detent in layout.detents { heights.append(detent.height) }
        let index = FluidMath.nearestIndex(to: projectedHeight, among: heights) ?? 1
        return index == 0 ? .dismissed : .detent(layout.detents[index - 1].identifier)
    }

    /// Starts `dismiss(animated:)` for the held sheet, if its presentation controller allows it;
    /// the sheet vends this driver as its interaction controller during this call, so the runner
    /// hands the transition back here.
    private func beginDismissal() {
        guard sheet.allowsDismissalByUser() else {
            dismissalRefused = true
            return
        }
        isBeginningDragDismissal = true
        sheet.dismissForUser()
        isBeginningDragDismissal = false
    }

    private func reportProgress(height: Double) {
        guard let transition, transition.isInteractive else { return }
        transition.updateInteractiveTransition(progress(atHeight: height))
    }

    /// How far the transition under way has gone with the sheet `height` tall: a presentation, the
    /// share of its smallest detent risen; a dismissal, the share of the height it started from
    /// gone. Continuous whatever moves the sheet, a finger or a spring.
    private func progress(atHeight height: Double) -> Double {
        guard let layout else { return 0 }
        if transitionIsDismissal {
            return dismissalStartHeight > 0 ? 1 - height / dismissalStartHeight : 1
        }
        return height / layout.smallest.height
    }

    /// Takes on the transition `context` (a presentation, or a dismissal from the sheet's height
    /// now) and tells it how far it has gone, frame by frame, from the sheet's height.
    private func begin(_ context: UIViewControllerContextTransitioning, dismissal: Bool) {
        transition = context as? TransitionContext
        transitionIsDismissal = dismissal
        dismissalStartHeight = dismissal ? currentHeight() : 0
        transition?.measuredProgress = { [weak self] in self.map { $0.progress(atHeight: $0.currentHeight()) } ?? 1 }
    }

    /// Past the largest detent the finger's overshoot shows through the rubber band, which never
    /// reaches the status bar (`SheetLayout.stretchRoom`); below the smallest too, when the
    /// dismissal was refused.
    private func banded(_ rawHeight: Double, layout: SheetLayout) -> Double {
        let largest = layout.largest.height, smallest = layout.smallest.height
        if rawHeight > largest {
            return largest + FluidMath.rubberBand(rawHeight - largest, dimension: layout.stretchRoom)
        }
        if dismissalRefused && rawHeight < smallest {
            return smallest - FluidMath.rubberBand(smallest - rawHeight, dimension: layout.containerSize.height)
        }
        return rawHeight
    }

    private func unbanded(_ height: Double) -> Double {
        guard let layout else { return height }
        let largest = layout.largest.height, smallest = layout.smallest.height
        if height > largest {
            return largest + FluidMath.rubberBandInverse(height - largest, dimension: layout.stretchRoom)
        }
        if dismissalRefused && height < smallest {
            return smallest - FluidMath.rubberBandInverse(smallest - height, dimension: layout.containerSize.height)
        }
        return height
    }

    // MARK: Settling

    /// Springs the sheet to `height`, starting at `velocity` points per second of height: UIKit's
    /// spring velocity is that over the distance to travel (0 when there is none).
    private func settle(toHeight height: Double, velocity: Double) {
        guard let layout else { return }
        phase = .settling
        springGeneration += 1
        let generation = springGeneration
        let distance = height - currentHeight()
        let normalized = distance != 0 ? velocity / distance : 0
        let view = sheetView
        UIView.animate(withDuration: Self.settleDuration, delay: 0, usingSpringWithDamping: Self.settleDampingRatio,
                     initialSpringVelocity: normalized, options: .allowUserInteraction, animations: {
            view.frame = layout.frame(forHeight: height)
        }, completion: { [weak self] finished in
            guard finished, let self, generation == self.springGeneration else { return }
            self.settled()
        })
        if link == nil, let window = sheet.presentedViewController.window {
            link = CADisplayLink(window: window) { [weak self] _ in
                guard let self else { return }
                self.applyDerived(height: self.currentHeight())
            }
        }
    }

    /// The spring reached the target: rest there, or leave; and end the transition under way.
    private func settled() {
        link?.invalidate()
        link = nil
        let height = currentHeight()
        applyDerived(height: height)
        let transition = self.transition
        self.transition = nil
        if target == .dismissed {
            detach()
        } else {
            phase = .resting
        }
        if let transition { transition.completeTransition(!transition.transitionWasCancelled) }
    }
}

extension SheetDriver: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.settleDuration
    }

    /// A presentation slides the sheet up from below to its selected detent; a dismissal (the
    /// non-interactive kind, `dismiss(animated:)` from code) slides it down off the bottom edge.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let presented = sheet.presentedViewController
        let presenting = transitionContext.viewController(forKey: .to) === presented
        begin(transitionContext, dismissal: !presenting)
        if presenting {
            let layout = attach(to: transitionContext.containerView,
                                presenter: transitionContext.viewController(forKey: .from))
            place(atHeight: 0)
            target = restingTarget(in: layout)
            settle(toHeight: restingHeight(in: layout), velocity: 0)
        } else {
            target = .dismissed
            settle(toHeight: 0, velocity: 0)
        }
    }
}

extension SheetDriver: UIViewControllerInteractiveTransitioning {
    /// A drag took the held sheet below its smallest detent: the drag drives this dismissal.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        begin(transitionContext, dismissal: true)
    }
}
