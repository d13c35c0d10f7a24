/// A width and a height, in points (`CGSize` without the prefix).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public static let zero = Size(width: 0, height: 0)

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension Size: CustomStringConvertible {
    public var description: String { "(\(width), \(height))" }
}
