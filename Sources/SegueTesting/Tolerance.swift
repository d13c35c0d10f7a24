import Motion

/// Comparisons within a tolerance in points: animation math lands within float noise of a value
/// the test derives by hand, never exactly on it.
extension BinaryFloatingPoint {
    /// `Double` and `CGFloat` alike.
    public func isClose(to other: Self, within tolerance: Self) -> Bool {
        abs(self - other) <= tolerance
    }
}

extension CGPoint {
    /// Both coordinates within `tolerance` points.
    public func isClose(to other: CGPoint, within tolerance: CGFloat) -> Bool {
        x.isClose(to: other.x, within: tolerance) && y.isClose(to: other.y, within: tolerance)
    }
}

extension CGRect {
    /// Every edge within `tolerance` points.
    public func isClose(to other: CGRect, within tolerance: CGFloat) -> Bool {
        minX.isClose(to: other.minX, within: tolerance) && minY.isClose(to: other.minY, within: tolerance)
            && maxX.isClose(to: other.maxX, within: tolerance) && maxY.isClose(to: other.maxY, within: tolerance)
    }
}
