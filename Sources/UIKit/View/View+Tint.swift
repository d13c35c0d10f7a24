import Motion

extension UIView {
    /// The tint color a view has before any dimming: its own, its nearest ancestor's, or the
    /// system blue.
    package var undimmedTintColor: UIColor {
        var view: UIView? = self
        while let current = view {
            if let tint = current.ownTintColor { return tint }
            view = current.superview
        }
        return .systemBlue
    }

    /// What a view inherits of its tint from its superview: the superview's undimmed tint color and
    /// effective adjustment mode (the system blue and `.normal` without one).
    struct InheritedTint: Equatable {
        var color: UIColor
        var mode: TintAdjustmentMode
    }

    var inheritedTint: InheritedTint {
        guard let superview else { return InheritedTint(color: .systemBlue, mode: .normal) }
        return InheritedTint(color: superview.undimmedTintColor, mode: superview.tintAdjustmentMode)
    }

    /// This view moved to another superview, or out of its own: where that changed what it
    /// inherits and it does inherit it, it and the subviews that inherit it in turn are told.
    func tintInheritanceDidChange(from old: InheritedTint) {
        let new = inheritedTint
        let color = ownTintColor == nil && new.color != old.color
        let mode = ownTintAdjustmentMode == .automatic && new.mode != old.mode
        if color || mode { tintDidChange(color: color, mode: mode) }
    }

    /// This view's tint color or effective adjustment mode changed: calls `tintColorDidChange()` on
    /// it, then on each subview the change reaches (one that keeps its own tint color takes no color
    /// change, one with its own mode no mode change), parents before their subviews, as UIKit does.
    func tintDidChange(color: Bool, mode: Bool) {
        tintColorDidChange()
        for subview in subviews {
            let color = color && subview.ownTintColor == nil
            let mode = mode && subview.ownTintAdjustmentMode == .automatic
            if color || mode { subview.tintDidChange(color: color, mode: mode) }
        }
    }
}

/// How a dimmed tint looks (`UIView.TintAdjustmentMode.dimmed`: "a desaturated, dimmed version of
/// the view's original tint color").
enum TintDimming {
    /// How much of its alpha a fully dimmed tint keeps.
    static let dimmedAlpha = 0.75

    /// Our choice of UIKit's unpublished formula: the gray of the tint's Rec. 601 luma (the same
    /// perceived brightness, its hue gone) at three quarters of its alpha, so it also recedes. On a
    /// white fill, the system blue comes out #8b8b8b, close to the mid gray iOS shows a dimmed
    /// system button's title in.
    static func dimmed(_ tint: UIColor) -> UIColor {
        let luma = 0.299 * tint.red + 0.587 * tint.green + 0.114 * tint.blue
        return UIColor(red: luma, green: luma, blue: luma, alpha: tint.alpha * dimmedAlpha)
    }

    /// `tint` `level` of the way (0…1) to its dimmed color: what is drawn while a dimming animates.
    static func dim(_ tint: UIColor, by level: Double) -> UIColor {
        guard level > 0 else { return tint }
        let target = dimmed(tint)
        if level >= 1 { return target }
        return UIColor(red: tint.red + (target.red - tint.red) * level,
                       green: tint.green + (target.green - tint.green) * level,
                       blue: tint.blue + (target.blue - tint.blue) * level,
                       alpha: tint.alpha + (target.alpha - tint.alpha) * level)
    }
}
