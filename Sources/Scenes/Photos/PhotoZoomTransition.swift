import Motion
import UIKit

/// The zoom between a grid tile and the photo screen, after Apple's WWDC 2016 photo sample
/// (`AssetTransitionDriver`): one interruptible transition that runs by itself after a tap, follows
/// a finger when a pan starts it or a touch grabs it mid-flight, and is thrown back into motion on
/// release with the finger's velocity.
///
/// Two property animators: `transitionAnimator` fades the photo screen's backdrop over 0.8 s
/// (easeOut) and is the transition's interruptible animator; the image flies on its own spring
/// animator (mass 4.5, stiffness 1300, damping 95) so a throw carries the finger's velocity.
/// While a finger holds it, the image follows the finger 1:1 and its size follows progress.
final class PhotoZoomTransition: UIViewControllerAnimatedTransitioning, UIViewControllerInteractiveTransitioning,
    UIGestureRecognizerDelegate {
    static let duration = 0.8
    /// A release faster than this (pt/s) decides by its direction alone.
    static let flickMagnitude = 1200.0
    /// Otherwise the transition finishes past this much progress.
    static let completionThreshold = 0.33
    /// The sample's release spring.
    static let springMass = 4.5
    static let springStiffness = 1300.0
    static let springDamping = 95.0
    /// Relative release velocities are clipped to ±this, as the sample does: a flick over a few
    /// points of distance left would otherwise ask the spring for thousands of distances a second.
    static let velocityClip = 35.0

    let operation: UINavigationController.Operation
    private unowned let grid: PhotoGridViewController
    private unowned let detail: PhotoDetailViewController
    private let initiallyInteractive: Bool

    private weak var context: UIViewControllerContextTransitioning?
    private var transitionAnimator: UIViewPropertyAnimator?
    private var imageAnimator: UIViewPropertyAnimator?
    private var grab: UILongPressGestureRecognizer?
    /// Where the finger and the image were when the current hold began, and the size the image
    /// had then, with the progress it had.
    private var hold: (finger: CGPoint, center: CGPoint, size: CGSize, progress: Double)?

    init(operation: UINavigationController.Operation, grid: PhotoGridViewController, detail: PhotoDetailViewController,
         initiallyInteractive: Bool) {
        self.operation = operation
        self.grid = grid
        self.detail = detail
        self.initiallyInteractive = initiallyInteractive
    }

    var wantsInteractiveStart: Bool { initiallyInteractive }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double { Self.duration }

    /// Only reached when no interaction controller is used; the transition then runs by itself.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        startInteractiveTransition(transitionContext)
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        backdropAnimator()
    }

    /// The transition's one animator (UIKit asks for the same one throughout), made on first use.
    private func backdropAnimator() -> UIViewPropertyAnimator {
        if let transitionAnimator { return transitionAnimator }
        let backdrop = detail.backdrop
        let push = operation == .push
        let animator = UIViewPropertyAnimator(duration: Self.duration, curve: .easeOut) { backdrop.alpha = push ? 1 : 0 }
        animator.addCompletion { [unowned self] position in self.completed(at: position) }
        transitionAnimator = animator
        return animator
    }

    // MARK: Geometry

    private var tile: UIView? { grid.tiles.indices.contains(detail.index) ? grid.tiles[detail.index] : nil }

    /// The tile's frame in the photo screen's coordinates (both fill the container).
    private var tileFrame: CGRect {
        guard let tile else { return detail.restingImageFrame }
        return tile.convert(tile.bounds, to: grid.view)
    }

    /// Where the image goes at each end of the transition.
    private func imageFrame(at position: UIViewAnimatingPosition) -> CGRect {
        let atDetail = (position == .end) == (operation == .push)
        return atDetail ? detail.restingImageFrame : tileFrame
    }

    // MARK: Running

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        // Known to the grid only once it runs: a delegate may be asked for animators it never uses.
        grid.zoom = self
        let container = transitionContext.containerView
        let push = operation == .push
        if push {
            container.addSubview(detail.view)
        } else {
            container.insertSubview(grid.view, belowSubview: detail.view)
        }
        tile?.isHidden = true
        UIView.performWithoutAnimation {
            detail.backdrop.alpha = push ? 0 : 1
            detail.imageView.frame = imageFrame(at: .start)
        }
        let animator = backdropAnimator()

        let grab = UILongPressGestureRecognizer { [unowned self] in self.follow($0) }
        grab.minimumPressDuration = 0
        grab.allowableMovement = .infinity
        grab.delegate = self
        container.addGestureRecognizer(grab)
        self.grab = grab

        if transitionContext.isInteractive {
            animator.pauseAnimation()
        } else {
            animate(to: .end, velocity: .zero)
        }
    }

    /// A touch grabs the transition only on the flying image, and only while it flies.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let context, !context.isInteractive, let container = grab?.view else { return false }
        let image = detail.imageView
        let frame = image.superview.map { $0.convert(image.presentation.frame, to: container) } ?? image.presentation.frame
        return frame.contains(gestureRecognizer.location(in: container))
    }

    /// Drives the transition from a finger: the pan that started a pop, or a grab mid-flight.
    func follow(_ gesture: UIGestureRecognizer) {
        guard let context, let animator = transitionAnimator, let container = grab?.view else { return }
        let finger = gesture.location(in: container)
        switch gesture.state {
        case .began:
            if !context.isInteractive {
                imageAnimator?.stopAnimation(true)
                animator.pauseAnimation()
                // Scrub forward from where it is, whichever way it was going.
                animator.isReversed = false
                context.pauseInteractiveTransition()
            }
            let image = detail.imageView
            hold = (finger, image.center, image.bounds.size, Double(animator.fractionComplete))
        case .changed:
            guard let hold else { return }
            let drag = finger - hold.finger
            let progress = min(max(hold.progress + progressStep(for: drag.y, in: container), 0), 1)
            animator.fractionComplete = progress
            context.updateInteractiveTransition(progress)
            placeImage(following: drag, progress: progress, hold: hold)
        case .ended, .cancelled:
            guard hold != nil else { return }
            hold = nil
            let velocity = Self.velocity(of: gesture, in: container)
            let position = gesture.state == .cancelled ? .start : releasePosition(velocity: velocity)
            if position == .end { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
            animate(to: position, velocity: velocity)
        default:
            break
        }
    }

    /// Progress per point of vertical drag: half the container's height is the whole transition;
    /// down pops, up pushes.
    private func progressStep(for dy: Double, in container: UIView) -> Double {
        let half = max(container.bounds.height / 2, 1)
        return (operation == .push ? -1 : 1) * dy / half
    }

    /// The image follows the finger 1:1; its size follows progress between the tile and the photo,
    /// scaled from the size it had when grabbed, so nothing jumps.
    private func placeImage(following drag: CGPoint, progress: Double, hold: (finger: CGPoint, center: CGPoint, size: CGSize, progress: Double)) {
        let tile = tileFrame.size, photo = detail.restingImageFrame.size
        func size(at p: Double) -> CGSize {
            let k = operation == .push ? p : 1 - p
            return CGSize(width: tile.width + (photo.width - tile.width) * k,
                        height: tile.height + (photo.height - tile.height) * k)
        }
        let then = size(at: hold.progress), now = size(at: progress)
        let scaleX = then.width > 0 ? now.width / then.width : 1
        let scaleY = then.height > 0 ? now.height / then.height : 1
        UIView.performWithoutAnimation {
            detail.imageView.bounds = CGRect(x: 0, y: 0, width: hold.size.width * scaleX, height: hold.size.height * scaleY)
            detail.imageView.center = hold.center + drag
        }
    }

    /// A flick decides by its direction; otherwise progress past the threshold finishes.
    private func releasePosition(velocity: CGPoint) -> UIViewAnimatingPosition {
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if speed > Self.flickMagnitude {
            let towardEnd = operation == .push ? velocity.y < 0 : velocity.y > 0
            return towardEnd ? .end : .start
        }
        return (transitionAnimator?.fractionComplete ?? 0) > Self.completionThreshold ? .end : .start
    }

    /// Throws the image toward `position` on the sample's spring, with the finger's velocity made
    /// relative to the distance left (clipped), and plays the backdrop the same way.
    private func animate(to position: UIViewAnimatingPosition, velocity: CGPoint) {
        guard let animator = transitionAnimator else { return }
        let image = detail.imageView
        let target = imageFrame(at: position)
        let current = image.frame
        let relative = UISpringTimingParameters.relativeVelocity(
            velocity, distance: CGVector(dx: target.midX - current.midX, dy: target.midY - current.midY))
        let clipped = CGVector(dx: min(max(relative.dx, -Self.velocityClip), Self.velocityClip),
                             dy: min(max(relative.dy, -Self.velocityClip), Self.velocityClip))
        let spring = UISpringTimingParameters(mass: Self.springMass, stiffness: Self.springStiffness,
                                            damping: Self.springDamping, initialVelocity: clipped)
        let flight = UIViewPropertyAnimator(duration: Self.duration, timingParameters: spring)
        flight.addAnimations { image.frame = target }
        flight.startAnimation()
        imageAnimator = flight

        animator.isReversed = position == .start
        if animator.state == .inactive {
            animator.startAnimation()
        } else {
            animator.continueAnimation(withTimingParameters: nil, durationFactor: flight.duration / animator.duration)
        }
    }

    private func completed(at position: UIViewAnimatingPosition) {
        tile?.isHidden = false
        if let grab { grab.view?.removeGestureRecognizer(grab) }
        grab = nil
        // A hold cut short by the end: the image rests where its screen needs it.
        if position == .start || operation == .push {
            imageAnimator?.stopAnimation(true)
            UIView.performWithoutAnimation { detail.imageView.frame = detail.restingImageFrame }
        }
        imageAnimator = nil
        transitionAnimator = nil
        context?.completeTransition(position == .end)
        if grid.zoom === self { grid.zoom = nil }
    }

    private static func velocity(of gesture: UIGestureRecognizer, in view: UIView) -> CGPoint {
        if let pan = gesture as? UIPanGestureRecognizer { return pan.velocity(in: view) }
        if let press = gesture as? UILongPressGestureRecognizer { return press.velocity(in: view) }
        return .zero
    }
}
