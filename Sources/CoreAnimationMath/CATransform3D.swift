#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Motion

/// Core Animation's 4 × 4 homogeneous matrix, with its fields and conventions: points are row
/// vectors, so (x, y, z, 1) maps to (x, y, z, 1) · M, and `CATransform3DConcat(a, b)` applies `a`
/// first, then `b`. The last row holds the translation (m41, m42, m43); m34 is the perspective
/// term: with m34 = −1/d, a point at z toward the viewer is divided by w = 1 − z/d and so drawn
/// larger, as from an eye d points in front of the plane.
///
///     | m11 m12 m13 m14 |
///     | m21 m22 m23 m24 |      CGAffineTransform(a, b, c, d, tx, ty) is
///     | m31 m32 m33 m34 |      m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty
///     | m41 m42 m43 m44 |
///
/// `CATransform3D()` is all zeros, as the C struct's zero initializer is on iOS; the identity is
/// `CATransform3DIdentity`.
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The rows, top to bottom, each left to right.
    var rows: [[CGFloat]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    init(rows r: [[CGFloat]]) {
        self.init(m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3],
                  m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
                  m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3],
                  m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }
}

extension CATransform3D: CustomStringConvertible {
    public var description: String {
        "CATransform3D(" + rows.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: " | ") + ")"
    }
}

/// `CATransform3DIdentity`.
public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation by `angle` radians about the axis (x, y, z) through the origin (the axis need not be
/// unit length; a zero axis gives the identity). About z it is `CGAffineTransform(rotationAngle:)`:
/// clockwise on screen for a positive angle. The matrix is the axis–angle rotation (Rodrigues'
/// formula) written for row vectors, as WebKit's TransformationMatrix::rotate3d writes it.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return CATransform3DIdentity }
    let (x, y, z) = (x / length, y / length, z / length)
    let s = sin(angle), c = cos(angle), t = 1 - c
    return CATransform3D(m11: t * x * x + c, m12: t * x * y + s * z, m13: t * x * z - s * y, m14: 0,
                         m21: t * x * y - s * z, m22: t * y * y + c, m23: t * y * z + s * x, m24: 0,
                         m31: t * x * z + s * y, m32: t * y * z - s * x, m33: t * z * z + c, m34: 0,
                         m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `a` then `b`: the matrix product a × b.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    let x = a.rows, y = b.rows
    var product = [[CGFloat]](repeating: [0, 0, 0, 0], count: 4)
    for row in 0..<4 {
        for column in 0..<4 {
            product[row][column] = (0..<4).reduce(0) { $0 + x[row][$1] * y[$1][column] }
        }
    }
    return CATransform3D(rows: product)
}

/// A translation applied before `t` (in `t`'s own space): translation × t.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// A scale applied before `t`: scale × t.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// A rotation applied before `t`: rotation × t.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat,
                                _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse, or `t` unchanged when it has none (as Core Animation documents). Gauss–Jordan
/// elimination with partial pivoting; a pivot this small counts as none.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    var left = t.rows
    var right = CATransform3DIdentity.rows
    for column in 0..<4 {
        let pivot = (column..<4).max { abs(left[$0][column]) < abs(left[$1][column]) }!
        guard abs(left[pivot][column]) > singularPivot else { return t }
        left.swapAt(column, pivot)
        right.swapAt(column, pivot)
        let scale = left[column][column]
        for k in 0..<4 {
            left[column][k] /= scale
            right[column][k] /= scale
        }
        for row in 0..<4 where row != column {
            let factor = left[row][column]
            guard factor != 0 else { continue }
            for k in 0..<4 {
                left[row][k] -= factor * left[column][k]
                right[row][k] -= factor * right[column][k]
            }
        }
    }
    return CATransform3D(rows: right)
}

/// Below this a matrix's pivot is taken as zero: far under any scale a view is drawn at, and far
/// above the rounding of products of screen-sized entries.
private let singularPivot: CGFloat = 1e-12

public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` is a 2-D affine transform: it leaves z and w alone, as
/// `CATransform3DMakeAffineTransform` makes them.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m43 == 0
        && t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
}

/// The affine part: m11, m12, m21, m22, m41, m42 (the rest dropped, as Core Animation does).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
