import Motion

/// The view properties the engine animates. `frame` is not here: like UIKit, animating a frame
/// animates `center` and `bounds`.
enum AnimatableProperty: UInt8, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius
    /// The view's own tint dimming, 0 or 1 in the model; animates when tintAdjustmentMode changes
    /// inside an animation block, so a presenter dims smoothly as in UIKit.
    case dimming
}

/// The sum of every running animation's contribution to each property: presentation = model + offset.
struct PresentationOffsets {
    var center = AnimationVector.zero
    var bounds = AnimationVector.zero
    var transform = AnimationVector.zero
    var alpha = AnimationVector.zero
    var backgroundColor = AnimationVector.zero
    var cornerRadius = AnimationVector.zero
    var dimming = AnimationVector.zero

    subscript(property: AnimatableProperty) -> AnimationVector {
        get {
            switch property {
            case .center: center
            case .bounds: bounds
            case .transform: transform
            case .alpha: alpha
            case .backgroundColor: backgroundColor
            case .cornerRadius: cornerRadius
            case .dimming: dimming
            }
        }
        set {
            switch property {
            case .center: center = newValue
            case .bounds: bounds = newValue
            case .transform: transform = newValue
            case .alpha: alpha = newValue
            case .backgroundColor: backgroundColor = newValue
            case .cornerRadius: cornerRadius = newValue
            case .dimming: dimming = newValue
            }
        }
    }
}

/// The model values of the animatable properties, as the engine reads and writes them.
struct ModelValues {
    var center = Point.zero
    var bounds = Rect.zero
    var transform = AffineTransform.identity
    var alpha = 1.0
    var backgroundColor = Color.clear
    var cornerRadius = 0.0
    var dimming = 0.0

    subscript(property: AnimatableProperty) -> AnimationVector {
        get {
            switch property {
            case .center: center.animationVector
            case .bounds: bounds.animationVector
            case .transform: transform.animationVector
            case .alpha: alpha.animationVector
            case .backgroundColor: backgroundColor.animationVector
            case .cornerRadius: cornerRadius.animationVector
            case .dimming: dimming.animationVector
            }
        }
        set {
            switch property {
            case .center: center = Point(animationVector: newValue)
            case .bounds: bounds = Rect(animationVector: newValue)
            case .transform: transform = AffineTransform(animationVector: newValue)
            case .alpha: alpha = Double(animationVector: newValue)
            case .backgroundColor: backgroundColor = Color(animationVector: newValue)
            case .cornerRadius: cornerRadius = Double(animationVector: newValue)
            case .dimming: dimming = Double(animationVector: newValue)
            }
        }
    }
}

extension ModelValues {
    /// Every property's model value plus its offset, lane by lane: what `View.presentationVector`
    /// gives one property at a time, for all of them at once.
    func adding(_ offsets: PresentationOffsets) -> ModelValues {
        var values = ModelValues()
        values.center = Point(animationVector: center.animationVector + offsets.center)
        values.bounds = Rect(animationVector: bounds.animationVector + offsets.bounds)
        values.transform = AffineTransform(animationVector: transform.animationVector + offsets.transform)
        values.alpha = Double(animationVector: alpha.animationVector + offsets.alpha)
        values.backgroundColor = Color(animationVector: backgroundColor.animationVector + offsets.backgroundColor)
        values.cornerRadius = Double(animationVector: cornerRadius.animationVector + offsets.cornerRadius)
        values.dimming = Double(animationVector: dimming.animationVector + offsets.dimming)
        return values
    }
}
