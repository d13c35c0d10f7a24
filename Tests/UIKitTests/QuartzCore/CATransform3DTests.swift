import QuartzCore
import Testing

/// Core Animation's 3-D transform functions, as Apple documents them ("CATransform3D",
/// Core Animation Programming Guide and the QuartzCore reference): points are row vectors, a
/// concatenation applies its first argument first, the `…Translate`/`…Scale`/`…Rotate` functions
/// apply theirs before the transform given, and m34 = −1/d puts the eye d points in front of the
/// plane. Written against QuartzCore's names alone, so the file compiles on iOS too.
@Suite struct CATransform3DTests {
    /// Products of a few trigonometric entries: a few ulps of points.
    let tolerance: CGFloat = 1e-9

    /// (x, y, z, 1) · t, divided by w: where Core Animation draws the point.
    func project(_ t: CATransform3D, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat = 0) -> CGPoint {
        let px = x * t.m11 + y * t.m21 + z * t.m31 + t.m41
        let py = x * t.m12 + y * t.m22 + z * t.m32 + t.m42
        let w = x * t.m14 + y * t.m24 + z * t.m34 + t.m44
        return CGPoint(x: px / w, y: py / w)
    }

    func close(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    func close(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        let pairs = [(a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
                     (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
                     (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
                     (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44)]
        return pairs.allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The C struct's zero initializer, as Swift imports it on iOS; the identity is a constant.
    @Test func theInitializerIsAllZerosAndTheIdentityIsTheConstant() {
        let zero = CATransform3D()
        #expect(zero.m11 == 0 && zero.m22 == 0 && zero.m33 == 0 && zero.m44 == 0)
        #expect(!CATransform3DIsIdentity(zero))
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        #expect(CATransform3DEqualToTransform(CATransform3DMakeTranslation(0, 0, 0), CATransform3DIdentity))
        #expect(CATransform3DIdentity.m11 == 1 && CATransform3DIdentity.m44 == 1 && CATransform3DIdentity.m12 == 0)
    }

    /// The translation sits in the last row (m41, m42, m43), the scale on the diagonal.
    @Test func translationAndScaleMovePointsAsTheirFieldsSay() {
        let moved = CATransform3DMakeTranslation(10, -4, 7)
        #expect((moved.m41, moved.m42, moved.m43) == (10, -4, 7))
        #expect(project(moved, 1, 2) == CGPoint(x: 11, y: -2))
        let scaled = CATransform3DMakeScale(2, 3, 1)
        #expect(project(scaled, 1, 2) == CGPoint(x: 2, y: 6))
    }

    /// CATransform3DConcat(a, b) is a × b: `a` first, then `b`.
    @Test func concatAppliesItsFirstArgumentFirst() {
        let translate = CATransform3DMakeTranslation(10, 0, 0), scale = CATransform3DMakeScale(2, 1, 1)
        #expect(project(CATransform3DConcat(translate, scale), 1, 0) == CGPoint(x: 22, y: 0))
        #expect(project(CATransform3DConcat(scale, translate), 1, 0) == CGPoint(x: 12, y: 0))
    }

    /// "Translate t by (tx, ty, tz) and return the result: t' = translate(tx, ty, tz) * t": the
    /// translation happens in t's own space, before t. The same for scale and rotate.
    @Test func translateScaleAndRotateApplyTheirsBeforeTheTransformGiven() {
        let doubled = CATransform3DMakeScale(2, 2, 1)
        #expect(project(CATransform3DTranslate(doubled, 10, 0, 0), 0, 0) == CGPoint(x: 20, y: 0))
        let moved = CATransform3DMakeTranslation(10, 0, 0)
        #expect(project(CATransform3DScale(moved, 2, 2, 1), 1, 1) == CGPoint(x: 12, y: 2))
        let turned = CATransform3DRotate(moved, .pi / 2, 0, 0, 1)
        #expect(close(project(turned, 1, 0), CGPoint(x: 10, y: 1)))
    }

    /// About z, a rotation is CGAffineTransform's (clockwise on screen for a positive angle), and
    /// it converts both ways; an affine transform is affine until a perspective term is set.
    @Test func aRotationAboutZIsTheAffineRotation() {
        let rotation = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let affine = CGAffineTransform(rotationAngle: 0.3)
        #expect(close(rotation, CATransform3DMakeAffineTransform(affine)))
        #expect(CATransform3DIsAffine(rotation))
        let back = CATransform3DGetAffineTransform(rotation)
        #expect(abs(back.a - affine.a) <= tolerance && abs(back.b - affine.b) <= tolerance
                && abs(back.c - affine.c) <= tolerance && abs(back.d - affine.d) <= tolerance)
        var perspective = rotation
        perspective.m34 = -1 / 500
        #expect(!CATransform3DIsAffine(perspective))
        // The axis need not be a unit vector.
        #expect(close(CATransform3DMakeRotation(0.3, 0, 0, 5), rotation))
    }

    /// About y, a positive angle turns the right edge away from the viewer (to −z), as CSS's
    /// rotateY, which WebKit draws with Core Animation, does.
    @Test func aQuarterTurnAboutYSendsTheRightEdgeAway() {
        let turn = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        let x = 1 * turn.m11 + turn.m41, z = 1 * turn.m13 + turn.m43
        #expect(abs(x) <= tolerance && abs(z + 1) <= tolerance)
    }

    /// The card-flip idiom: perspective m34 = −1/500, then a rotation before it about y. The edge
    /// turned toward the eye (z > 0) is drawn taller, divided by w = 1 − z/500: a 200-point card
    /// turned 45° has its left edge at y = ±100/(1 − 70.71/500) and its right at ±100/(1 + 70.71/500).
    @Test func perspectiveDrawsTheNearEdgeTallerThanTheFar() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let card = CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)
        let depth = 100 * (0.5 as CGFloat).squareRoot()
        let left = project(card, -100, -100), right = project(card, 100, -100)
        #expect(abs(left.y - -100 / (1 - depth / 500)) <= tolerance)
        #expect(abs(right.y - -100 / (1 + depth / 500)) <= tolerance)
        #expect(abs(left.x - -depth / (1 - depth / 500)) <= tolerance)
        #expect(abs(right.x - depth / (1 + depth / 500)) <= tolerance)
    }

    /// "Invert t and return the result. Returns the original matrix if t has no inverse."
    @Test func invertUndoesATransformAndLeavesASingularOneAsItIs() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let t = CATransform3DTranslate(CATransform3DRotate(perspective, 0.7, 1, 2, 3), 30, -20, 5)
        #expect(close(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity))
        #expect(close(CATransform3DConcat(CATransform3DInvert(t), t), CATransform3DIdentity))
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DInvert(flat) == flat)
    }
}
