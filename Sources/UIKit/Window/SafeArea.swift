import Motion

/// The device a screen size stands for, and the safe area iOS gives its window there.
///
/// The page tells the server only the viewport, so the rule reads the device from the size the way
/// the page's device menu picks them: a short side of 600 pt or more is an iPad; a phone whose long
/// side is at least twice its short side has a notch or Dynamic Island and a home indicator (the
/// home-button phones are 16:9, 1.78). Figures: Apple's per-device safe areas as measured and
/// published (useyourloaf.com "Supporting iPhone X": 20 / 44 / 34, landscape 0 and 44 at the sides;
/// csl.cool "iOS Layout Adaptation" (2023): Dynamic Island 59 / 34, landscape 59 / 21 / 59).
public nonisolated enum SafeArea {
    /// Portrait status bar heights of the notched phones by screen size; others with a notch get
    /// `notchedTop`. iPhone X/XS/11 Pro 375×812 and XR/11 414×896: 44 (the XR's is 48, taken as 44);
    /// 12–14 and 14 Plus: 47; 14 Pro–15 Pro Max (Dynamic Island): 59.
    static let notchedTops: [CGSize: Double] = [
        CGSize(width: 375, height: 812): 44, CGSize(width: 414, height: 896): 44,
        CGSize(width: 390, height: 844): 47, CGSize(width: 428, height: 926): 47,
        CGSize(width: 393, height: 852): 59, CGSize(width: 430, height: 932): 59,
    ]
    static let notchedTop = 47.0
    /// The home indicator's inset in portrait, and in landscape (where the status bar is hidden).
    static let homeIndicatorBottom = 34.0
    static let homeIndicatorBottomLandscape = 21.0
    /// A home-button phone's status bar; hidden in landscape.
    static let classicTop = 20.0
    /// iPads with a home indicator (820×1180 and newer): 24 on top, 20 at the bottom in both
    /// orientations; the home-button iPads (768×1024) have 20 and 0.
    static let padTop = 24.0
    static let padBottom = 20.0
    static let classicPadSize = CGSize(width: 768, height: 1024)
    /// Short sides from this up are iPads (the largest phone is 440 wide, the smallest iPad 744).
    static let padShortSide = 600.0
    /// Long over short side from this up: a notched phone (19.5:9 ≈ 2.16; 16:9 ≈ 1.78 has a button).
    static let notchedAspect = 2.0

    /// What kind of device a screen of `size` points is.
    public nonisolated enum Device: Equatable, Sendable {
        case notchedPhone, homeButtonPhone, pad, homeButtonPad
    }

    public static func device(for size: CGSize) -> Device {
        let short = min(size.width, size.height)
        let long = max(size.width, size.height)
        guard short > 0 else { return .homeButtonPhone }
        if short >= padShortSide {
            return CGSize(width: short, height: long) == classicPadSize ? .homeButtonPad : .pad
        }
        return long / short >= notchedAspect ? .notchedPhone : .homeButtonPhone
    }

    /// The window's safe-area insets for a screen of `size` (landscape when wider than tall).
    public static func insets(for size: CGSize) -> UIEdgeInsets {
        let landscape = size.width > size.height
        switch device(for: size) {
        case .notchedPhone:
            let portrait = CGSize(width: min(size.width, size.height), height: max(size.width, size.height))
            let sensorHousing = notchedTops[portrait] ?? notchedTop
            return landscape
                ? UIEdgeInsets(top: 0, left: sensorHousing, bottom: homeIndicatorBottomLandscape, right: sensorHousing)
                : UIEdgeInsets(top: sensorHousing, left: 0, bottom: homeIndicatorBottom, right: 0)
        case .homeButtonPhone:
            return UIEdgeInsets(top: landscape ? 0 : classicTop, left: 0, bottom: 0, right: 0)
        case .pad:
            return UIEdgeInsets(top: padTop, left: 0, bottom: padBottom, right: 0)
        case .homeButtonPad:
            return UIEdgeInsets(top: classicTop, left: 0, bottom: 0, right: 0)
        }
    }

    /// Whether a window of `size` has a compact vertical size class: a phone held sideways (an
    /// iPad is regular in both orientations).
    public static func isCompactHeight(_ size: CGSize) -> Bool {
        switch device(for: size) {
        case .notchedPhone, .homeButtonPhone: size.width > size.height
        case .pad, .homeButtonPad: false
        }
    }

    /// Whether the screen shows a home indicator (every device without a home button).
    public static func hasHomeIndicator(_ size: CGSize) -> Bool {
        switch device(for: size) {
        case .notchedPhone, .pad: true
        case .homeButtonPhone, .homeButtonPad: false
        }
    }
}

extension UIEdgeInsets {
    /// The part of these insets (of a container's bounds) that overlaps `frame`, a rectangle in the
    /// same space: how far into `frame` each unsafe band reaches, never negative, never more than it.
    func clipped(to frame: CGRect, in bounds: CGRect) -> UIEdgeInsets {
        let top = min(max(bounds.minY + self.top - frame.minY, 0), frame.height)
        let left = min(max(bounds.minX + self.left - frame.minX, 0), frame.width)
        let bottom = min(max(frame.maxY - (bounds.maxY - self.bottom), 0), frame.height)
        let right = min(max(frame.maxX - (bounds.maxX - self.right), 0), frame.width)
        return UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    static func + (a: UIEdgeInsets, b: UIEdgeInsets) -> UIEdgeInsets {
        UIEdgeInsets(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
    }
}
