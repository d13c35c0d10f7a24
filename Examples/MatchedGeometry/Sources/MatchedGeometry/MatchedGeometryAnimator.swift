import Motion
import UIKit

/// A controller whose views can fly to and from another screen: each identifier names a view
/// that has a partner with the same identifier on the other side.
public protocol MatchedGeometryProviding: UIViewController {
    /// The views that take part, by identifier; looked up after the controller is laid out.
    func matchedViews() -> [String: UIView]
}

/// Hero's matched-geometry transition: for every identifier both controllers share, snapshots of
/// the outgoing view and of its partner fly together (frame and corner radius) from the one's place
/// to the other's, cross-fading, while the incoming screen fades in behind them. Both partners are
/// hidden during the flight, so only the snapshots move; the cross-fade hides that their contents
/// (a title's font size, say) differ. Scrubbable: a percent-driven interaction can
/// drive it (``MatchedDismissInteraction``).
public final class MatchedGeometryAnimator: UIViewControllerAnimatedTransitioning {
    /// Seconds of the flight.
    public static let duration = 0.6
    /// The spring's damping ratio: a small overshoot, as a thrown card settles.
    public static let damping = 0.82

    public let presenting: Bool
    /// Set while a gesture drives the transition, so the delegate offers it as the interaction.
    public weak var interaction: MatchedDismissInteraction?

    public init(presenting: Bool, interaction: MatchedDismissInteraction? = nil) {
        self.presenting = presenting
        self.interaction = interaction
    }

    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromController = transitionContext.viewController(forKey: .from),
              let toController = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        let fading: UIView = presenting ? toController.view : fromController.view
        if presenting {
            container.addSubview(toController.view)
            toController.view.alpha = 0
        } else if let presenterView = transitionContext.view(forKey: .to) {
            // A full-screen presentation took the presenter's view off screen: put it back below.
            container.insertSubview(presenterView, at: 0)
        }
        let flights = Flight.pairs(from: fromController, to: toController, in: container)
        for flight in flights {
            container.addSubview(flight.outgoing)
            container.addSubview(flight.incoming)
        }

        UIView.animate(withDuration: Self.duration, delay: 0, usingSpringWithDamping: Self.damping,
                     initialSpringVelocity: 0, options: [], animations: {
            fading.alpha = self.presenting ? 1 : 0
            for flight in flights { flight.fly() }
        }, completion: { _ in
            let cancelled = transitionContext.transitionWasCancelled
            for flight in flights { flight.land() }
            // The model holds the end values even when the transition was scrubbed back to the
            // start: a cancelled transition restores what it changed.
            fading.alpha = 1
            if cancelled {
                (self.presenting ? toController.view : transitionContext.view(forKey: .to))?.removeFromSuperview()
            }
            transitionContext.completeTransition(!cancelled)
        })
    }
}

/// One view's flight: snapshots of the source and of its partner (the target), from the source's
/// frame to the target's, the source's look fading out as the target's fades in; both partners
/// hidden until it lands.
@MainActor struct Flight {
    /// The source as it looks now, named `flight-<id>`.
    let outgoing: UIView
    /// The target as it will look, named `flight-<id>-incoming`.
    let incoming: UIView
    let end: CGRect
    let endCornerRadius: Double
    let source: UIView
    let target: UIView

    /// The flights for every identifier both controllers provide, in a stable (sorted) order so
    /// snapshots stack the same way every run.
    static func pairs(from: UIViewController, to: UIViewController, in container: UIView) -> [Flight] {
        guard let fromProvider = from as? MatchedGeometryProviding,
              let toProvider = to as? MatchedGeometryProviding else { return [] }
        let sources = fromProvider.matchedViews(), targets = toProvider.matchedViews()
        return sources.keys.sorted().compactMap { id in
            guard let source = sources[id], let target = targets[id],
                  let outgoing = source.snapshotView(afterScreenUpdates: false),
                  let incoming = target.snapshotView(afterScreenUpdates: true) else { return nil }
            let start = source.convert(source.bounds, to: container)
            outgoing.accessibilityIdentifier = "flight-\(id)"
            incoming.accessibilityIdentifier = "flight-\(id)-incoming"
            for snapshot in [outgoing, incoming] {
                snapshot.frame = start
                snapshot.layer.cornerRadius = source.layer.cornerRadius
            }
            incoming.alpha = 0
            source.alpha = 0
            target.alpha = 0
            return Flight(outgoing: outgoing, incoming: incoming, end: target.convert(target.bounds, to: container),
                          endCornerRadius: target.layer.cornerRadius, source: source, target: target)
        }
    }

    /// The animated changes: both snapshots to the target's frame and corners, cross-fading.
    func fly() {
        for snapshot in [outgoing, incoming] {
            snapshot.frame = end
            snapshot.layer.cornerRadius = endCornerRadius
        }
        outgoing.alpha = 0
        incoming.alpha = 1
    }

    /// Shows both partners again and takes the snapshots away.
    func land() {
        source.alpha = 1
        target.alpha = 1
        outgoing.removeFromSuperview()
        incoming.removeFromSuperview()
    }
}
