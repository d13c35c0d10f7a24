#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Testing
import ReferenceMath

@Suite struct AffineTransformTests {
    /// Row-vector product by hand: [x y 1] · M.
    func apply(_ m: AffineTransform, _ p: Point) -> Point {
        Point(x: p.x * m.a + p.y * m.c + m.tx, y: p.x * m.b + p.y * m.d + m.ty)
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let scale = AffineTransform(scaleX: 2, y: 3)
        let move = AffineTransform(translationX: 10, y: 20)
        let p = Point(x: 1, y: 1)
        // Scale then move: (2, 3) + (10, 20).
        #expect(p.applying(scale.concatenating(move)) == Point(x: 12, y: 23))
        // Move then scale: (11, 21) scaled.
        #expect(p.applying(move.concatenating(scale)) == Point(x: 22, y: 63))
        #expect(scale.concatenating(move) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        #expect(move.concatenating(scale) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
    }

    @Test func builderMethodsPrependLikeCoreGraphics() {
        // CGAffineTransform.translatedBy(x:y:) = translation concatenated with self: the translation
        // happens in the transform's own (pre-transform) space.
        let t = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(Point(x: 0, y: 0).applying(t) == Point(x: 10, y: 0))
        let s = AffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 2)
        #expect(Point(x: 1, y: 1).applying(s) == Point(x: 7, y: 2))
        let r = AffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        #expect(isClose(Point(x: 1, y: 0).applying(r), Point(x: 5, y: 1), 1e-12))
    }

    @Test func rotationTurnsClockwiseOnAYDownScreen() {
        let r = AffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(Point(x: 1, y: 0).applying(r), Point(x: 0, y: 1), 1e-12))
        #expect(isClose(r, AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0), 1e-12))
    }

    @Test func applyingMatchesTheRowVectorProduct() {
        let m = AffineTransform(a: 1.5, b: -0.5, c: 0.25, d: 2, tx: 7, ty: -3)
        for p in [Point(x: 0, y: 0), Point(x: 3, y: -4), Point(x: -2.5, y: 8)] {
            #expect(p.applying(m) == apply(m, p))
        }
    }

    @Test func invertedUndoesTheTransformBothWays() {
        let m = AffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 4, y: -9)
        let inverse = m.inverted()
        #expect(isClose(m.concatenating(inverse), .identity, 1e-12))
        #expect(isClose(inverse.concatenating(m), .identity, 1e-12))
        let p = Point(x: 3, y: 11)
        #expect(isClose(p.applying(m).applying(inverse), p, 1e-12))
    }

    @Test func singularTransformInvertsToItself() {
        let flat = AffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
        #expect(flat.determinant == 0)
    }

    @Test func identityIsRecognized() {
        #expect(AffineTransform.identity.isIdentity)
        #expect(AffineTransform(scaleX: 1, y: 1).isIdentity)
        #expect(!AffineTransform(translationX: 0, y: 1).isIdentity)
    }
}
