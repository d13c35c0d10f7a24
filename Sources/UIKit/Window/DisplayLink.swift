import Foundation
import Logging

/// `CADisplayLink`: calls its target once per frame of the world it was added to, before the
/// frame's animations are evaluated, with `timestamp` the frame's time on the world's clock.
///
/// `CADisplayLink(target:selector:)` then `add(to: .main, forMode: .common)` runs it in the world
/// whose code adds it (every run loop and mode is that world's); as UIKit's, it keeps its target
/// until `invalidate()`. A world that goes away lets go of its links' targets.
@preconcurrency @MainActor public final class CADisplayLink {
    private enum Action {
        case callback((Double) -> Void)
        case targetAction(target: AnyObject, selector: Selector)
    }

    private var action: Action?
    /// Not retained, and not `weak` (a side table would slow every retain of the window): the
    /// window clears it when it goes away. Checked in debug builds (`UnownedReference`).
    private var windowReference = UnownedReference<UIWindow>("CADisplayLink.window")
    private var window: UIWindow? {
        get { windowReference.object }
        set { windowReference.object = newValue }
    }

    /// The time of the frame being prepared, on the world's clock (0 before the first).
    public private(set) var timestamp: TimeInterval = 0
    /// The time of the frame after it.
    public var targetTimestamp: TimeInterval { timestamp + duration }
    /// One frame at the screen's 60 Hz.
    public var duration: TimeInterval { 1 / Double(UIScreen.framesPerSecond) }
    /// A paused link is not called, and keeps no frame coming.
    public var isPaused = false
    /// Calls per second wanted: 0 (the default) for every frame; fewer skips frames.
    public var preferredFramesPerSecond = 0
    private var lastCall: TimeInterval?

    /// A link that calls `selector`'s method on `target` (kept until `invalidate()`) with the link
    /// as sender; it runs once added to a run loop.
    public init(target: Any, selector sel: Selector) {
        action = .targetAction(target: target as AnyObject, selector: sel)
    }

    /// A link that runs in `window` at once, calling `callback` with each frame's time.
    package init(window: UIWindow, callback: @escaping (_ timestamp: Double) -> Void) {
        action = .callback(callback)
        attach(to: window)
    }

    /// Runs the link in the world whose code runs now. Adding it again changes nothing.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard action != nil, window == nil else { return }
        guard let window = AnimationEngine.current?.window else {
            Self.logger.error("A CADisplayLink was added outside any window's world, where no frames run: it never fires. Add it from a view controller's or view's code, or inside UIWindow.perform.")
            return
        }
        attach(to: window)
    }

    /// Stops the link's calls; it can be added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        detach()
    }

    /// Stops the link for good and lets go of its target.
    public func invalidate() {
        detach()
        action = nil
    }

    private func attach(to window: UIWindow) {
        self.window = window
        window.displayLinks.append(self)
    }

    private func detach() {
        window?.displayLinks.removeAll { $0 === self }
        window = nil
    }

    func windowWentAway() {
        window = nil
        action = nil
    }

    /// Called by the window at each frame's `time`; skips frames for `preferredFramesPerSecond`.
    func fire(_ time: Double) {
        guard !isPaused else { return }
        if preferredFramesPerSecond > 0, let lastCall,
           time - lastCall < 1 / Double(preferredFramesPerSecond) - Self.frameTimeSlack {
            return
        }
        lastCall = time
        timestamp = time
        switch action {
        case .callback(let callback): callback(time)
        case .targetAction(let target, let selector): TargetAction(target: target, action: selector).send(from: self)
        case nil: break
        }
    }

    /// Frame times are sums of binary fractions: a frame due exactly at the wanted interval may
    /// read a hair early.
    static let frameTimeSlack = 1e-9

    private static let logger = Logger(label: "segue.uikit.displaylink")
}
