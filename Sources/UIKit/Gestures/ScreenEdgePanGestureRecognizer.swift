import Motion

/// `UIRectEdge`: which screen edges a `UIScreenEdgePanGestureRecognizer` listens to.
public nonisolated struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen (`UIScreenEdgePanGestureRecognizer`), with UIKit's
/// rules (notes/uikit-behaviour.md): the pointer goes down within `edgeZone + touchSlop` of the edge;
/// its first movement, projected back, lands within `edgeZone`; it begins after `edgeHysteresis`
/// points of movement mostly away from the edge.
@preconcurrency @MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The band along the edge a swipe must come from, in points.
    public static let edgeZone = 13.0
    /// How much farther in a touch-down may register (fingers land late), in points.
    public static let touchSlop = 20.0
    /// Movement before an edge pan begins, in points.
    public static let edgeHysteresis = 15.0

    public var edges: UIRectEdge = []
    /// The edge this gesture came from, once it began.
    public private(set) var activeEdge: UIRectEdge = []
    private var checkedFirstMove = false

    public convenience init(edges: UIRectEdge = [], action: @escaping (UIScreenEdgePanGestureRecognizer) -> Void) {
        self.init()
        self.edges = edges
        addTarget { action($0 as! UIScreenEdgePanGestureRecognizer) }
    }

    override var hysteresis: Double { Self.edgeHysteresis }

    /// The screen: the root of the view the recognizer is attached to.
    private var screenBounds: CGRect { view?.rootView.bounds ?? .zero }

    /// Distance of `location` from each requested edge, with the unit vector pointing inwards.
    private func edgeDistances(_ location: CGPoint) -> [(edge: UIRectEdge, distance: Double, inward: CGPoint)] {
        let b = screenBounds
        var result: [(UIRectEdge, Double, CGPoint)] = []
        if edges.contains(.left) { result.append((.left, location.x - b.minX, CGPoint(x: 1, y: 0))) }
        if edges.contains(.right) { result.append((.right, b.maxX - location.x, CGPoint(x: -1, y: 0))) }
        if edges.contains(.top) { result.append((.top, location.y - b.minY, CGPoint(x: 0, y: 1))) }
        if edges.contains(.bottom) { result.append((.bottom, b.maxY - location.y, CGPoint(x: 0, y: -1))) }
        return result
    }

    override func shouldTrack(down location: CGPoint) -> Bool {
        checkedFirstMove = false
        activeEdge = []
        return edgeDistances(location).contains { $0.distance <= Self.edgeZone + Self.touchSlop }
    }

    override func shouldBegin(at location: CGPoint) -> Bool? {
        let move = location - downLocation
        let candidates = edgeDistances(downLocation).filter { $0.distance <= Self.edgeZone + Self.touchSlop }
        if !checkedFirstMove {
            checkedFirstMove = true
            // Project the first movement back from the touch-down: where the finger likely was.
            let projected = candidates.filter { candidate in
                let inward = move.x * candidate.inward.x + move.y * candidate.inward.y
                return candidate.distance - max(inward, 0) <= Self.edgeZone
            }
            if projected.isEmpty { return false }
        }
        for candidate in candidates {
            let inward = move.x * candidate.inward.x + move.y * candidate.inward.y
            let across = abs(move.x * candidate.inward.y - move.y * candidate.inward.x)
            if inward >= Self.edgeHysteresis && inward >= across {
                activeEdge = candidate.edge
                return true
            }
        }
        let distance = (move.x * move.x + move.y * move.y).squareRoot()
        // Moved well past the hysteresis without going inwards: not an edge swipe.
        return distance >= 2 * Self.edgeHysteresis ? false : nil
    }
}
