@_exported import Foundation

// Foundation on Linux defines `CGFloat`, `CGPoint`, `CGSize` and `CGRect`, with Core Graphics'
// accessors and set operations (standardized min/mid/max, `insetBy` to `.null`, half-open
// `contains`, touching rectangles intersecting in a zero-size one). Segue uses those very types,
// so code that imports Foundation beside UIKit sees one `CGRect`. What Core Graphics has and
// Foundation lacks on Linux, the affine transform and what takes one, is here.

extension CGPoint {
    /// Applies an affine transform: (a·x + c·y + tx, b·x + d·y + ty).
    @inlinable public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }

    /// Core Graphics' `equalTo(_:)`.
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }

    @inlinable package static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    @inlinable package static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

extension CGSize {
    /// Applies an affine transform's linear part, as `CGSize.applying(_:)`.
    @inlinable public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// UIKit's `CGRect.inset(by:)`: shrinks by each inset; past zero size gives `.null`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        if isNull { return self }
        let w = width - insets.left - insets.right, h = height - insets.top - insets.bottom
        if w < 0 || h < 0 { return .null }
        return CGRect(x: minX + insets.left, y: minY + insets.top, width: w, height: h)
    }

    /// The smallest axis-aligned rectangle holding the four transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let corners = (
            CGPoint(x: minX, y: minY).applying(t), CGPoint(x: maxX, y: minY).applying(t),
            CGPoint(x: minX, y: maxY).applying(t), CGPoint(x: maxX, y: maxY).applying(t)
        )
        let x0 = Swift.min(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let x1 = Swift.max(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let y0 = Swift.min(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        let y1 = Swift.max(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
