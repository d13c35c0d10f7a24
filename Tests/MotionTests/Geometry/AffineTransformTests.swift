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
    func apply(_ m: CGAffineTransform, _ p: CGPoint) -> CGPoint {
        CGPoint(x: p.x * m.a + p.y * m.c + m.tx, y: p.x * m.b + p.y * m.d + m.ty)
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let move = CGAffineTransform(translationX: 10, y: 20)
        let p = CGPoint(x: 1, y: 1)
        // Scale then move: (2, 3) + (10, 20).
        #expect(p.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 23))
        // Move then scale: (11, 21) scaled.
        #expect(p.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 63))
        #expect(scale.concatenating(move) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        #expect(move.concatenating(scale) == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 60))
    }

    @Test func builderMethodsPrependLikeCoreGraphics() {
        // CGAffineTransform.translatedBy(x:y:) = translation concatenated with self: the translation
        // happens in the transform's own (pre-transform) space.
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        #expect(CGPoint(x: 0, y: 0).applying(t) == CGPoint(x: 10, y: 0))
        let s = CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 2)
        #expect(CGPoint(x: 1, y: 1).applying(s) == CGPoint(x: 7, y: 2))
        let r = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        #expect(isClose(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 5, y: 1), 1e-12))
    }

    @Test func rotationTurnsClockwiseOnAYDownScreen() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(CGPoint(x: 1, y: 0).applying(r), CGPoint(x: 0, y: 1), 1e-12))
        #expect(isClose(r, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0), 1e-12))
    }

    @Test func applyingMatchesTheRowVectorProduct() {
        let m = CGAffineTransform(a: 1.5, b: -0.5, c: 0.25, d: 2, tx: 7, ty: -3)
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: -4), CGPoint(x: -2.5, y: 8)] {
            #expect(p.applying(m) == apply(m, p))
        }
    }

    @Test func invertedUndoesTheTransformBothWays() {
        let m = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 4, y: -9)
        let inverse = m.inverted()
        #expect(isClose(m.concatenating(inverse), .identity, 1e-12))
        #expect(isClose(inverse.concatenating(m), .identity, 1e-12))
        let p = CGPoint(x: 3, y: 11)
        #expect(isClose(p.applying(m).applying(inverse), p, 1e-12))
    }

    @Test func singularTransformInvertsToItself() {
        let flat = CGAffineTransform(scaleX: 0, y: 1)
        #expect(flat.inverted() == flat)
        #expect(flat.determinant == 0)
    }

    @Test func identityIsRecognized() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(scaleX: 1, y: 1).isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1).isIdentity)
    }
}
