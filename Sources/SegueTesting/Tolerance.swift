import Motion

/// Comparisons within a tolerance in points: animation math lands within float noise of a value
/// the test derives by hand, never exactly on it.
extension Double {
    public func isClose(to other: Double, within tolerance: Double) -> Bool {
        abs(self - other) <= tolerance
    }
}

extension Point {
    /// Both coordinates within `tolerance` points.
    public func isClose(to other: Point, within tolerance: Double) -> Bool {
        x.isClose(to: other.x, within: tolerance) && y.isClose(to: other.y, within: tolerance)
    }
}

extension Rect {
    /// Every edge within `tolerance` points.
    public func isClose(to other: Rect, within tolerance: Double) -> Bool {
        minX.isClose(to: other.minX, within: tolerance) && minY.isClose(to: other.minY, within: tolerance)
            && maxX.isClose(to: other.maxX, within: tolerance) && maxY.isClose(to: other.maxY, within: tolerance)
    }
}
