import Motion
import Testing
import ReferenceMath

@Suite struct RectTests {
    @Test func negativeSizesDescribeTheSameAreaAsTheirStandardizedTwin() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 14 && r.maxY == 20)
        #expect(r.midX == 8 && r.midY == 17)
        #expect(r.width == 4 && r.height == 6)
        #expect(r.standardized == Rect(x: 6, y: 14, width: 4, height: 6))
    }

    @Test func nullAndEmptyAreDistinguished() {
        #expect(Rect.null.isNull && Rect.null.isEmpty)
        #expect(!Rect.zero.isNull && Rect.zero.isEmpty)
        #expect(Rect(x: 0, y: 0, width: 5, height: 0).isEmpty)
        #expect(!Rect(x: 0, y: 0, width: 5, height: 1).isEmpty)
    }

    @Test func intersectionOfOverlappingTouchingAndDisjointRects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: -5, width: 10, height: 10)) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == Rect(x: 10, y: 0, width: 0, height: 5))
        #expect(a.intersection(Rect(x: 11, y: 0, width: 5, height: 5)).isNull)
        #expect(a.intersection(.null).isNull)
        #expect(a.intersects(Rect(x: 9, y: 9, width: 1, height: 1)))
        #expect(!a.intersects(Rect(x: 20, y: 20, width: 1, height: 1)))
        // Negative sizes are standardized first.
        #expect(a.intersection(Rect(x: 12, y: 12, width: -4, height: -4)) == Rect(x: 8, y: 8, width: 2, height: 2))
    }

    @Test func unionIgnoresNullButNotEmpty() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.union(.null) == a)
        #expect(Rect.null.union(a) == a)
        #expect(Rect.null.union(.null).isNull)
        #expect(a.union(Rect(x: 20, y: -5, width: 0, height: 0)) == Rect(x: 0, y: -5, width: 20, height: 15))
    }

    @Test func insetShrinksGrowsAndCollapsesToNull() {
        let a = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(a.insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 14))
        #expect(a.insetBy(dx: -1, dy: -1) == Rect(x: -1, y: -1, width: 12, height: 22))
        #expect(a.insetBy(dx: 6, dy: 0).isNull)
        #expect(a.insetBy(dx: 5, dy: 0) == Rect(x: 5, y: 0, width: 0, height: 20))
        #expect(a.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 4, height: 16))
        #expect(a.inset(by: EdgeInsets(top: 15, left: 0, bottom: 15, right: 0)).isNull)
        #expect(Rect.null.insetBy(dx: 1, dy: 1).isNull)
    }

    @Test func offsetMovesAndKeepsNull() {
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: 10, dy: -2) == Rect(x: 11, y: 0, width: 3, height: 4))
        #expect(Rect.null.offsetBy(dx: 1, dy: 1).isNull)
    }

    @Test func containsPointIsHalfOpen() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(Point(x: 0, y: 0)))
        #expect(a.contains(Point(x: 9.999, y: 5)))
        #expect(!a.contains(Point(x: 10, y: 5)))
        #expect(!a.contains(Point(x: 5, y: -0.001)))
        #expect(!Rect.null.contains(Point(x: 0, y: 0)))
    }

    @Test func containsRect() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(Rect(x: 2, y: 2, width: 3, height: 3)))
        #expect(a.contains(a))
        #expect(!a.contains(Rect(x: 8, y: 8, width: 3, height: 3)))
    }

    @Test func applyingATransformGivesTheBoundingBoxOfTheCorners() {
        let a = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(a.applying(AffineTransform(scaleX: 2, y: -1)) == Rect(x: 0, y: -20, width: 20, height: 20))
        let rotated = a.applying(AffineTransform(rotationAngle: .pi / 2))
        // (x, y) → (−y, x): corners (0,0), (0,10), (−20,0), (−20,10).
        #expect(isClose(rotated, Rect(x: -20, y: 0, width: 20, height: 10), 1e-12))
        let quarter = Rect(x: -1, y: -1, width: 2, height: 2).applying(AffineTransform(rotationAngle: .pi / 4))
        #expect(isClose(quarter, Rect(x: -2.0.squareRoot(), y: -2.0.squareRoot(), width: 2 * 2.0.squareRoot(), height: 2 * 2.0.squareRoot()), 1e-12))
        #expect(Rect.null.applying(AffineTransform(scaleX: 2, y: 2)).isNull)
    }
}
