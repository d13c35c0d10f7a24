/// A location in a two-dimensional coordinate space, in points (`CGPoint` without the prefix).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Applies an affine transform: (a·x + c·y + tx, b·x + d·y + ty).
    @inlinable public func applying(_ t: AffineTransform) -> Point {
        Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    @inlinable public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    @inlinable public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

extension Point: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
