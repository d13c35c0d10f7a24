/// An origin and a size (`CGRect` without the prefix).
///
/// Like `CGRect`, the min/mid/max accessors and the set operations work on the standardized
/// rectangle, so a negative width or height describes the same area as its positive twin.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public static let zero = Rect(origin: .zero, size: .zero)
    /// The rectangle `intersection` returns when there is no overlap, as `CGRect.null`.
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var minX: Double { size.width < 0 ? origin.x + size.width : origin.x }
    public var minY: Double { size.height < 0 ? origin.y + size.height : origin.y }
    public var maxX: Double { minX + width }
    public var maxY: Double { minY + height }
    public var midX: Double { minX + width / 2 }
    public var midY: Double { minY + height / 2 }

    /// The same area with a non-negative width and height.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        return Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// Shrinks by `dx` on the left and right and `dy` on the top and bottom; negative values grow.
    /// Insetting past zero size gives `.null`, as `CGRect.insetBy` does.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        if isNull { return self }
        let w = width - 2 * dx, h = height - 2 * dy
        if w < 0 || h < 0 { return .null }
        return Rect(x: minX + dx, y: minY + dy, width: w, height: h)
    }

    public func inset(by insets: EdgeInsets) -> Rect {
        if isNull { return self }
        let w = width - insets.left - insets.right, h = height - insets.top - insets.bottom
        if w < 0 || h < 0 { return .null }
        return Rect(x: minX + insets.left, y: minY + insets.top, width: w, height: h)
    }

    public func union(_ other: Rect) -> Rect {
        if isNull { return other.standardized }
        if other.isNull { return standardized }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap of two rectangles, or `.null` when they do not overlap (touching edges overlap
    /// in a zero-size rectangle, as in Core Graphics).
    public func intersection(_ other: Rect) -> Rect {
        if isNull || other.isNull { return .null }
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isNull }

    /// Half-open containment, as `CGRect.contains(_:)`: the max edges are outside.
    public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func contains(_ rect: Rect) -> Bool {
        union(rect) == standardized
    }

    /// The smallest axis-aligned rectangle holding the four transformed corners.
    public func applying(_ t: AffineTransform) -> Rect {
        if isNull { return self }
        let corners = (
            Point(x: minX, y: minY).applying(t), Point(x: maxX, y: minY).applying(t),
            Point(x: minX, y: maxY).applying(t), Point(x: maxX, y: maxY).applying(t)
        )
        let x0 = Swift.min(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let x1 = Swift.max(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let y0 = Swift.min(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        let y1 = Swift.max(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Rect: CustomStringConvertible {
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
