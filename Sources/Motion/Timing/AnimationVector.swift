/// Up to six lanes of `Double`: the common currency every animatable value converts to, so the
/// engine adds, scales and interpolates without generics, existentials or heap allocation.
public struct AnimationVector: Hashable, Sendable {
    public var lanes: (Double, Double, Double, Double, Double, Double)

    public static let zero = AnimationVector(0, 0, 0, 0, 0, 0)

    @inlinable public init(_ l0: Double, _ l1: Double = 0, _ l2: Double = 0,
                           _ l3: Double = 0, _ l4: Double = 0, _ l5: Double = 0) {
        lanes = (l0, l1, l2, l3, l4, l5)
    }

    @inlinable public static func + (u: Self, v: Self) -> Self {
        Self(u.lanes.0 + v.lanes.0, u.lanes.1 + v.lanes.1, u.lanes.2 + v.lanes.2,
             u.lanes.3 + v.lanes.3, u.lanes.4 + v.lanes.4, u.lanes.5 + v.lanes.5)
    }

    @inlinable public static func - (u: Self, v: Self) -> Self {
        Self(u.lanes.0 - v.lanes.0, u.lanes.1 - v.lanes.1, u.lanes.2 - v.lanes.2,
             u.lanes.3 - v.lanes.3, u.lanes.4 - v.lanes.4, u.lanes.5 - v.lanes.5)
    }

    @inlinable public static func * (k: Double, v: Self) -> Self {
        Self(k * v.lanes.0, k * v.lanes.1, k * v.lanes.2, k * v.lanes.3, k * v.lanes.4, k * v.lanes.5)
    }

    @inlinable public static func += (u: inout Self, v: Self) { u = u + v }

    /// Euclidean length: the distance paced keyframes spread evenly over time.
    public var length: Double {
        let l = lanes
        return (l.0 * l.0 + l.1 * l.1 + l.2 * l.2 + l.3 * l.3 + l.4 * l.4 + l.5 * l.5).squareRoot()
    }

    /// Linear interpolation: `u` at 0, `v` at 1, extrapolating outside.
    @inlinable public static func lerp(_ u: Self, _ v: Self, _ f: Double) -> Self { u + f * (v - u) }

    public static func == (u: Self, v: Self) -> Bool {
        u.lanes.0 == v.lanes.0 && u.lanes.1 == v.lanes.1 && u.lanes.2 == v.lanes.2
            && u.lanes.3 == v.lanes.3 && u.lanes.4 == v.lanes.4 && u.lanes.5 == v.lanes.5
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lanes.0); hasher.combine(lanes.1); hasher.combine(lanes.2)
        hasher.combine(lanes.3); hasher.combine(lanes.4); hasher.combine(lanes.5)
    }
}

/// A value the engine can animate: it round-trips through an `AnimationVector`, and its lanes
/// interpolate linearly (affine transforms component-wise, colors in straight sRGB).
public protocol VectorAnimatable {
    var animationVector: AnimationVector { get }
    init(animationVector: AnimationVector)
}

extension Double: VectorAnimatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(self) }
    @inlinable public init(animationVector v: AnimationVector) { self = v.lanes.0 }
}

extension CGPoint: VectorAnimatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(x, y) }
    @inlinable public init(animationVector v: AnimationVector) { self.init(x: v.lanes.0, y: v.lanes.1) }
}

extension CGSize: VectorAnimatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(width, height) }
    @inlinable public init(animationVector v: AnimationVector) { self.init(width: v.lanes.0, height: v.lanes.1) }
}

extension CGRect: VectorAnimatable {
    @inlinable public var animationVector: AnimationVector {
        AnimationVector(origin.x, origin.y, size.width, size.height)
    }
    @inlinable public init(animationVector v: AnimationVector) {
        self.init(x: v.lanes.0, y: v.lanes.1, width: v.lanes.2, height: v.lanes.3)
    }
}

extension CGAffineTransform: VectorAnimatable {
    @inlinable public var animationVector: AnimationVector { AnimationVector(a, b, c, d, tx, ty) }
    @inlinable public init(animationVector v: AnimationVector) {
        self.init(a: v.lanes.0, b: v.lanes.1, c: v.lanes.2, d: v.lanes.3, tx: v.lanes.4, ty: v.lanes.5)
    }
}

extension UIColor: VectorAnimatable {
    public var animationVector: AnimationVector { AnimationVector(red, green, blue, alpha) }
    public init(animationVector v: AnimationVector) {
        self.init(red: v.lanes.0, green: v.lanes.1, blue: v.lanes.2, alpha: v.lanes.3)
    }
}
