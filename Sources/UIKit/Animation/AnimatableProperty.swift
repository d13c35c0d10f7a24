import Motion

/// The view properties the engine animates. `frame` is not here: like UIKit, animating a frame
/// animates `center` and `bounds`.
nonisolated enum AnimatableProperty: UInt8, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius
    /// The view's own tint dimming, 0 or 1 in the model; animates when tintAdjustmentMode changes
    /// inside an animation block, so a presenter dims smoothly as in UIKit.
    case dimming
}

/// The sum of every running animation's contribution to each property: presentation = model + offset.
///
/// Each property keeps only the lanes its values use (a point two, a color four): the lanes past
/// them are zero in every value and so in every difference of two, and six lanes for each of the
/// seven properties would be most of a view's size.
nonisolated struct PresentationOffsets {
    private var center = (0.0, 0.0)
    private var bounds = (0.0, 0.0, 0.0, 0.0)
    private var transform = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    private var alpha = 0.0
    private var backgroundColor = (0.0, 0.0, 0.0, 0.0)
    private var cornerRadius = 0.0
    private var dimming = 0.0

    subscript(property: AnimatableProperty) -> AnimationVector {
        get {
            switch property {
            case .center: AnimationVector(center.0, center.1)
            case .bounds: AnimationVector(bounds.0, bounds.1, bounds.2, bounds.3)
            case .transform: AnimationVector(transform.0, transform.1, transform.2, transform.3, transform.4, transform.5)
            case .alpha: AnimationVector(alpha)
            case .backgroundColor:
                AnimationVector(backgroundColor.0, backgroundColor.1, backgroundColor.2, backgroundColor.3)
            case .cornerRadius: AnimationVector(cornerRadius)
            case .dimming: AnimationVector(dimming)
            }
        }
        set {
            let lanes = newValue.lanes
            switch property {
            case .center: center = (lanes.0, lanes.1)
            case .bounds: bounds = (lanes.0, lanes.1, lanes.2, lanes.3)
            case .transform: transform = lanes
            case .alpha: alpha = lanes.0
            case .backgroundColor: backgroundColor = (lanes.0, lanes.1, lanes.2, lanes.3)
            case .cornerRadius: cornerRadius = lanes.0
            case .dimming: dimming = lanes.0
            }
        }
    }
}

/// The model values of the animatable properties, as the engine reads and writes them.
nonisolated struct ModelValues {
    // The bounds and dimming first: the display-list builder reads these two of a view it passes over.
    var bounds = CGRect.zero
    var dimming = 0.0
    var center = CGPoint.zero
    var transform = CGAffineTransform.identity
    var alpha = 1.0
    var backgroundColor = UIColor.clear
    var cornerRadius = 0.0

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
            case .center: center = CGPoint(animationVector: newValue)
            case .bounds: bounds = CGRect(animationVector: newValue)
            case .transform: transform = CGAffineTransform(animationVector: newValue)
            case .alpha: alpha = Double(animationVector: newValue)
            case .backgroundColor: backgroundColor = UIColor(animationVector: newValue)
            case .cornerRadius: cornerRadius = Double(animationVector: newValue)
            case .dimming: dimming = Double(animationVector: newValue)
            }
        }
    }
}

extension ModelValues {
    /// Every property's model value plus its offset, lane by lane: what `UIView.presentationVector`
    /// gives one property at a time, for all of them at once.
    func adding(_ offsets: PresentationOffsets) -> ModelValues {
        var values = ModelValues()
        values.center = CGPoint(animationVector: center.animationVector + offsets[.center])
        values.bounds = CGRect(animationVector: bounds.animationVector + offsets[.bounds])
        values.transform = CGAffineTransform(animationVector: transform.animationVector + offsets[.transform])
        values.alpha = Double(animationVector: alpha.animationVector + offsets[.alpha])
        values.backgroundColor = UIColor(animationVector: backgroundColor.animationVector + offsets[.backgroundColor])
        values.cornerRadius = Double(animationVector: cornerRadius.animationVector + offsets[.cornerRadius])
        values.dimming = Double(animationVector: dimming.animationVector + offsets[.dimming])
        return values
    }
}
