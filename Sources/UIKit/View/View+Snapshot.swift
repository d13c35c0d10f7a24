import Motion

extension UIView {
    /// A new view that keeps this view's current look (its subtree copied), unaffected by later
    /// changes to the original. With `afterScreenUpdates` the copy takes the model values (pending
    /// changes applied); without, what is on screen now (the presentation values).
    public func snapshotView(afterScreenUpdates: Bool) -> UIView? {
        let copy = copyAppearance(afterScreenUpdates: afterScreenUpdates)
        copy.name = name + "-snapshot"
        copy.isUserInteractionEnabled = false
        return copy
    }

    private func copyAppearance(afterScreenUpdates: Bool) -> UIView {
        let copy = UIView(name: name)
        let source = afterScreenUpdates ? model : presentationModel
        copy.model = source
        copy.model.dimming = model.dimming
        copy.drawingDidChange()
        copy.isHidden = isHidden
        copy.clipsToBounds = clipsToBounds
        copy.tintAdjustmentMode = ownTintAdjustmentMode
        copy.text = text
        copy.textColor = textColor
        copy.textColorIsTint = textColorIsTint
        copy.fontSize = fontSize
        copy.fontWeight = fontWeight
        copy.textAlignment = textAlignment
        copy.drawnNumberOfLines = drawnNumberOfLines
        copy.glyph = glyph
        copy.layerStyle = layerStyle
        for subview in subviews {
            let child = subview.copyAppearance(afterScreenUpdates: afterScreenUpdates)
            child.superview = copy
            copy.subviews.append(child)
        }
        return copy
    }

    private var presentationModel: ModelValues {
        var values = ModelValues()
        for property in AnimatableProperty.allCases { values[property] = presentationVector(property) }
        return values
    }
}
