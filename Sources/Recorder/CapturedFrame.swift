import Motion
import UIKit

/// One evaluated frame, kept: what was on screen and what the transition was doing.
public struct CapturedFrame: Equatable, Sendable {
    public var index: Int
    /// Seconds since the run began.
    public var time: Double
    /// The name of the controller whose view was on top.
    public var top: String
    public var transition: TransitionStatus?
    /// What a finger's lift decided since the previous frame, if one did.
    public var release: TransitionRelease?
    /// The display list's nodes, in paint order.
    public var nodes: [DisplayNode]

    public init(index: Int, time: Double, top: String, transition: TransitionStatus?, release: TransitionRelease? = nil,
                nodes: [DisplayNode]) {
        self.index = index
        self.time = time
        self.top = top
        self.transition = transition
        self.release = release
        self.nodes = nodes
    }

    /// The view called `name`, as XCUITest finds an element: the first node named so (a view's
    /// `accessibilityIdentifier`, or the default name of one without; see docs/scenes.md), else
    /// the first whose text reads so (a label's text, a button's title).
    public func node(_ name: String) -> DisplayNode? {
        nodes.first { $0.name == name } ?? nodes.first { $0.text == name }
    }

    /// Where the named view is on screen: its bounds through its transform, as the smallest
    /// upright rectangle around it (so a view scaled to 0.8 about its center reads smaller).
    public func frame(of name: String) -> CGRect? {
        node(name)?.screenFrame
    }

    /// The center of the named view on screen.
    public func center(of name: String) -> CGPoint? {
        frame(of: name).map { CGPoint(x: $0.midX, y: $0.midY) }
    }
}

extension DisplayNode {
    /// The node's rectangle in viewport points.
    public var screenFrame: CGRect {
        CGRect(origin: .zero, size: size).applying(transform)
    }
}

extension CapturedFrame {
    /// Keeps a recorder's frame (whose display list is reused by the next one).
    public init(_ frame: Recorder.Frame) {
        self.init(index: frame.index, time: frame.time, top: frame.top, transition: frame.transition,
                  release: frame.release, nodes: frame.list.nodes)
    }
}
