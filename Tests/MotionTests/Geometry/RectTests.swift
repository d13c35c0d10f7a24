import Motion
import Testing
import ReferenceMath

@Suite struct RectTests {
    @Test func negativeSizesDescribeTheSameAreaAsTheirStandardizedTwin() {
        let r = CGRect(x: 10, y: 20, width: -4, height: -6)
        #expect(r.minX == 6 && r.maxX == 10 && r.minY == 14 && r.maxY == 20)
        #expect(r.midX == 8 && r.midY == 17)
        #expect(r.width == 4 && r.height == 6)
        #expect(r.standardized == CGRect(x: 6, y: 14, width: 4, height: 6))
    }

    @Test func nullAndEmptyAreDistinguished() {
        #expect(CGRect.null.isNull && CGRect.null.isEmpty)
        #expect(!CGRect.zero.isNull && CGRect.zero.isEmpty)
        #expect(CGRect(x: 0, y: 0, width: 5, height: 0).isEmpty)
        #expect(!CGRect(x: 0, y: 0, width: 5, height: 1).isEmpty)
    }

    @Test func intersectionOfOverlappingTouchingAndDisjointRects() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(CGRect(x: 5, y: -5, width: 10, height: 10)) == CGRect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(CGRect(x: 10, y: 0, width: 5, height: 5)) == CGRect(x: 10, y: 0, width: 0, height: 5))
        #expect(a.intersection(CGRect(x: 11, y: 0, width: 5, height: 5)).isNull)
        #expect(a.intersection(.null).isNull)
        #expect(a.intersects(CGRect(x: 9, y: 9, width: 1, height: 1)))
        #expect(!a.intersects(CGRect(x: 20, y: 20, width: 1, height: 1)))
        // Negative sizes are standardized first.
        #expect(a.intersection(CGRect(x: 12, y: 12, width: -4, height: -4)) == CGRect(x: 8, y: 8, width: 2, height: 2))
    }

    @Test func unionIgnoresNullButNotEmpty() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.union(.null) == a)
        #expect(CGRect.null.union(a) == a)
        #expect(CGRect.null.union(.null).isNull)
        #expect(a.union(CGRect(x: 20, y: -5, width: 0, height: 0)) == CGRect(x: 0, y: -5, width: 20, height: 15))
    }

    @Test func insetShrinksGrowsAndCollapsesToNull() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(a.insetBy(dx: 2, dy: 3) == CGRect(x: 2, y: 3, width: 6, height: 14))
        #expect(a.insetBy(dx: -1, dy: -1) == CGRect(x: -1, y: -1, width: 12, height: 22))
        #expect(a.insetBy(dx: 6, dy: 0).isNull)
        #expect(a.insetBy(dx: 5, dy: 0) == CGRect(x: 5, y: 0, width: 0, height: 20))
        #expect(a.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 2, y: 1, width: 4, height: 16))
        #expect(a.inset(by: UIEdgeInsets(top: 15, left: 0, bottom: 15, right: 0)).isNull)
        #expect(CGRect.null.insetBy(dx: 1, dy: 1).isNull)
    }

    @Test func offsetMovesAndKeepsNull() {
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).offsetBy(dx: 10, dy: -2) == CGRect(x: 11, y: 0, width: 3, height: 4))
        #expect(CGRect.null.offsetBy(dx: 1, dy: 1).isNull)
    }

    @Test func containsPointIsHalfOpen() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(CGPoint(x: 0, y: 0)))
        #expect(a.contains(CGPoint(x: 9.999, y: 5)))
        #expect(!a.contains(CGPoint(x: 10, y: 5)))
        #expect(!a.contains(CGPoint(x: 5, y: -0.001)))
        #expect(!CGRect.null.contains(CGPoint(x: 0, y: 0)))
    }

    @Test func containsRect() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(CGRect(x: 2, y: 2, width: 3, height: 3)))
        #expect(a.contains(a))
        #expect(!a.contains(CGRect(x: 8, y: 8, width: 3, height: 3)))
    }

    @Test func applyingATransformGivesTheBoundingBoxOfTheCorners() {
        let a = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(a.applying(CGAffineTransform(scaleX: 2, y: -1)) == CGRect(x: 0, y: -20, width: 20, height: 20))
        let rotated = a.applying(CGAffineTransform(rotationAngle: .pi / 2))
        // (x, y) → (−y, x): corners (0,0), (0,10), (−20,0), (−20,10).
        #expect(isClose(rotated, CGRect(x: -20, y: 0, width: 20, height: 10), 1e-12))
        let quarter = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(isClose(quarter, CGRect(x: -2.0.squareRoot(), y: -2.0.squareRoot(), width: 2 * 2.0.squareRoot(), height: 2 * 2.0.squareRoot()), 1e-12))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }
}
