/// Core Graphics' `CGVector`, which Foundation on Linux lacks: a velocity or a direction.
public struct CGVector: Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public static let zero = CGVector(dx: 0, dy: 0)

    @inlinable public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
}

extension CGVector: CustomStringConvertible {
    public var description: String { "CGVector(dx: \(dx), dy: \(dy))" }
}
