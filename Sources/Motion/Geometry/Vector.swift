/// A two-dimensional vector (`CGVector` without the prefix): a velocity or a direction.
public struct Vector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public static let zero = Vector(dx: 0, dy: 0)

    @inlinable public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }
}

extension Vector: CustomStringConvertible {
    public var description: String { "(\(dx), \(dy))" }
}
