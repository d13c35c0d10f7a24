import Motion
import UIKit

/// A scene's `transitionCycle` played for ever on a virtual 60 Hz clock, one frame at a time: an
/// action, the frames until the scene settles, then `idleFrames` with nothing to do, then the next.
///
/// `advance()` moves the clock and applies the frame's input; the caller evaluates the frame with
/// `host.frame()`. Keeping the two apart lets a benchmark time evaluation alone, and because the
/// run is deterministic, tests check exactly the frames a benchmark times (`segue bench`).
@MainActor public final class TransitionWorkload {
    /// Which part of the cycle a frame belongs to.
    public nonisolated enum Stage: Equatable, Sendable {
        /// The current action's input is arriving (one event at most per frame).
        case acting
        /// The input is over and something may still move.
        case settling
        /// The scene was settled before this frame and nothing touched it: a session should send
        /// nothing for it.
        case idle
    }

    public static let viewport = CGSize(width: 390, height: 844)
    public static let frameInterval = 1.0 / 60
    /// Frames a drag takes to reach half way, and again to go on from there to its end.
    static let dragFrames = 15
    /// Frames a drag stays half way, wobbling: one second.
    public static let holdFrames = 60
    /// Frames from a tap's down to its up (well within `UITapGestureRecognizer.maximumDuration`).
    static let tapFrames = 5
    /// Frames with nothing to do after each action has settled.
    public static let idleFrames = 30
    /// Frames after an action's input within which its scene must settle: ten seconds, well past
    /// the longest animation plus the watchdog's grace. Past it the workload counts the action
    /// in `unsettledActions` and goes on.
    static let settleLimit = 600

    /// One frame's input: where the finger is, and what it does.
    private struct Touch {
        var phase: PointerEvent.Phase
        var location: CGPoint
    }

    private enum State {
        /// The current action's input still to come, one entry per frame, last frame first.
        case acting(remaining: [Touch?])
        /// Frames evaluated since the input ended.
        case settling(framesEvaluated: Int)
        case idle(framesLeft: Int)
    }

    public let host: SceneHost
    private let clock = ManualClock()
    private let cycle: [ScriptedAction]
    private var nextAction = 0
    /// The first frame is settling: nothing has been evaluated, so nothing can be idle yet.
    private var state = State.settling(framesEvaluated: 0)
    /// Pointer events applied so far: what the page's input sequence number would be.
    public private(set) var inputCount: UInt32 = 0
    /// The pointer event the last `advance()` applied, nil when it applied none: what a page would
    /// have sent that frame, so the same run can be replayed through sessions (`segue bench`'s
    /// memory per session).
    public private(set) var lastInput: PointerEvent?
    /// Actions after which the scene did not settle within `settleLimit`.
    public private(set) var unsettledActions = 0

    public init(scene: Scene) {
        precondition(!scene.transitionCycle.isEmpty, "\(scene.name) has no transition cycle")
        host = SceneHost(scene: scene, size: Self.viewport, clock: clock)
        cycle = scene.transitionCycle
    }

    /// The virtual time of the frame about to be evaluated, in seconds.
    public var time: Double { clock.now }

    /// Moves the clock on one frame and applies the input due then. Returns the stage the frame
    /// about to be evaluated belongs to.
    @discardableResult
    public func advance() -> Stage {
        clock.advance(by: Self.frameInterval)
        if case .settling(let evaluated) = state, evaluated > 0,
           host.isSettled || evaluated >= Self.settleLimit {
            if !host.isSettled { unsettledActions += 1 }
            state = .idle(framesLeft: Self.idleFrames)
        }
        if case .idle(0) = state {
            state = .acting(remaining: input(for: cycle[nextAction]).reversed())
            nextAction = (nextAction + 1) % cycle.count
        }
        lastInput = nil
        switch state {
        case .acting(var remaining):
            if let touch = remaining.removeLast() {
                inputCount &+= 1
                let event = PointerEvent(phase: touch.phase, pointerID: 1, kind: .touch, location: touch.location,
                                         timestamp: clock.now)
                lastInput = event
                host.handle(event)
            }
            state = remaining.isEmpty ? .settling(framesEvaluated: 0) : .acting(remaining: remaining)
            return .acting
        case .settling(let evaluated):
            state = .settling(framesEvaluated: evaluated + 1)
            return .settling
        case .idle(let left):
            state = .idle(framesLeft: left - 1)
            return .idle
        }
    }

    /// An action's input, frame by frame, in order.
    private func input(for action: ScriptedAction) -> [Touch?] {
        switch action {
        case .drag(let from, let to):
            let half = CGPoint(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
            let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
            let onePoint = CGPoint(x: (to.x - from.x) / length, y: (to.y - from.y) / length)
            var touches: [Touch?] = [Touch(phase: .down, location: from)]
            for i in 1...Self.dragFrames {
                touches.append(Touch(phase: .move, location: interpolate(from, half, Double(i) / Double(Self.dragFrames))))
            }
            for i in 1...Self.holdFrames {
                let wobble = i % 2 == 1 ? 1.0 : 0.0
                touches.append(Touch(phase: .move, location: CGPoint(x: half.x + onePoint.x * wobble,
                                                                   y: half.y + onePoint.y * wobble)))
            }
            for i in 1...Self.dragFrames {
                touches.append(Touch(phase: .move, location: interpolate(half, to, Double(i) / Double(Self.dragFrames))))
            }
            touches.append(Touch(phase: .up, location: to))
            return touches
        case .tap(let name):
            let target = center(ofViewNamed: name)
            return [Touch(phase: .down, location: target)]
                + Array(repeating: nil, count: Self.tapFrames - 1)
                + [Touch(phase: .up, location: target)]
        }
    }

    private func interpolate(_ a: CGPoint, _ b: CGPoint, _ f: Double) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }

    /// Where a view's center is on screen now. A cycle naming a view that is not there is a bug
    /// in the cycle, which the scenes' workload tests catch.
    private func center(ofViewNamed name: String) -> CGPoint {
        var pending: [UIView] = [host.window]
        while let view = pending.popLast() {
            if view.name == name {
                return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            }
            pending.append(contentsOf: view.subviews)
        }
        preconditionFailure("\(host.scene.name)'s transition cycle taps \(name), which is not on screen")
    }
}
