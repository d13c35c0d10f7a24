import Motion

/// `UIScreen`: the device screen a window fills, as transition code reads it
/// (`UIScreen.main.bounds`).
///
/// A window fills its screen (`UIWindow.screen`): the page's viewport is the device's screen.
/// `UIScreen.main` is the screen of the world whose `perform` is running on this thread
/// (`AnimationEngine.current`'s window), so two worlds in one process each see their own. Outside
/// any world there is no device to ask: `UIScreen.main` is then a screen of the viewer's default
/// device, an iPhone 15 in portrait (`UIScreen.defaultBounds`).
///
/// A screen describes the screen as it was when it was asked for, and refers to no window: a
/// screen kept in a variable keeps no world alive (every session's world shares the process), and
/// after a rotation reads the size it was made with, so read `UIScreen.main` again, as transition
/// code does. It costs a window nothing.
@preconcurrency @MainActor public final class UIScreen {
    /// `bounds`: the screen in points, in the interface's orientation (wider than tall in
    /// landscape), at the origin.
    public let bounds: CGRect

    init(size: CGSize) {
        bounds = CGRect(origin: .zero, size: size)
    }

    /// `UIScreen.main`: this world's screen; see the type's note for outside any world.
    public static var main: UIScreen {
        AnimationEngine.current?.window?.screen ?? UIScreen(size: defaultBounds.size)
    }

    /// `maximumFramesPerSecond`: 60, the rate the viewer's page draws at.
    public var maximumFramesPerSecond: Int { Self.framesPerSecond }
    static let framesPerSecond = 60

    /// The viewer's default device, an iPhone 15 (393 × 852 pt, @3x): what `UIScreen.main` says
    /// outside any world.
    public static let defaultBounds = CGRect(x: 0, y: 0, width: 393, height: 852)

    /// `scale`: device pixels per point. 3 for the phones with a notch or a Dynamic Island and the
    /// Plus phones, 2 for the other home-button phones (iPhone SE) and every iPad.
    public var scale: CGFloat { Self.scales(for: bounds.size).scale }

    /// `nativeScale`: the physical pixels per point, which differs from `scale` only where iOS
    /// renders at 3× and downsamples: the Plus phones (414 × 736 pt on a 1080 × 1920 panel).
    public var nativeScale: CGFloat { Self.scales(for: bounds.size).native }

    /// `nativeBounds`: the screen in physical pixels, portrait-up whatever the orientation.
    public var nativeBounds: CGRect {
        let short = min(bounds.width, bounds.height), long = max(bounds.width, bounds.height)
        let native = nativeScale
        return CGRect(x: 0, y: 0, width: (short * native).rounded(), height: (long * native).rounded())
    }

    /// The Plus phones' panel: 1080 pixels across 414 points (Apple's iPhone 6 Plus–8 Plus
    /// specifications: 1920 × 1080 at 401 ppi, rendered at 2208 × 1242 and downsampled).
    static let plusSize = CGSize(width: 414, height: 736)
    static let plusNativeScale: CGFloat = 1080.0 / 414.0

    /// The scales of the device a screen of `size` points stands for (`SafeArea.device`, the
    /// viewer's device rule). Sizes iOS shares between two scales are read as the larger phone's:
    /// 414 × 896 is the iPhone 11 Pro Max (3×) here, not the XR or 11 (2×).
    static func scales(for size: CGSize) -> (scale: CGFloat, native: CGFloat) {
        let portrait = CGSize(width: min(size.width, size.height), height: max(size.width, size.height))
        if portrait == plusSize { return (3, plusNativeScale) }
        switch SafeArea.device(for: size) {
        case .notchedPhone: return (3, 3)
        case .homeButtonPhone, .pad, .homeButtonPad: return (2, 2)
        }
    }
}
