import Motion

/// `UIStatusBarStyle`: dark content for light backgrounds (`.default`, `.darkContent`), light
/// content for dark ones.
public nonisolated enum UIStatusBarStyle: Sendable {
    case `default`, lightContent, darkContent

    var contentColor: UIColor { self == .lightContent ? .white : .black }
}

/// The system status bar, drawn from ordinary views so the display list and `segue record` show
/// it, laid out as iOS lays out each kind of device: a notched phone's time in the left ear and
/// its signal, Wi-Fi and battery (three glyphs) in the right one; a home-button phone's 20-pt row
/// with the signal and Wi-Fi on the left, the time centred and the battery on the right; an iPad's
/// time and date on the left and its Wi-Fi and battery on the right (a Wi-Fi iPad: no signal bars).
/// Never takes touches; hidden when the safe area has no top inset (a notched phone in landscape,
/// as on iOS).
@preconcurrency @MainActor public final class StatusBar: UIView {
    /// The time shown at the clock's zero: Apple's marketing time. The world's clock adds to it.
    public static let baseMinutes = 9 * 60 + 41
    /// The time's size: 17 pt on notched phones (SF semibold), 12 pt in a 20-pt bar.
    static let largeFontSize = 17.0
    static let compactFontSize = 12.0
    /// Bars at or above this height use the large layout (time in the left "ear").
    static let largeLayoutMinimumHeight = 40.0
    /// The ears' centers as fractions of the width (iPhone 14: the time centred near x = 62 of 390).
    static let timeCenter = 0.16
    static let iconsCenter = 0.84
    /// The icons' ink: the signal's four bars span 17.1×11 pt, the Wi-Fi fan 15.3×11, the battery
    /// with its cap 27.3×12 (`Glyph.cellularbars`, `.wifi` and `.battery100` draw them across the
    /// middle of a square this wide).
    static let signalSize = CGSize(width: 17.1, height: 11)
    static let wifiSize = CGSize(width: 15.3, height: 11)
    static let batterySize = CGSize(width: 27.3, height: 12)
    static let iconSpacing = 6.0
    /// The compact (20-pt) bar: the time centred in a label this wide, the icons this far from the edges.
    static let compactTimeWidth = 80.0
    static let compactEdgeMargin = 6.0
    /// An iPad's bar: the time and date from this far from the leading edge, in a label this wide,
    /// and the icons as far from the trailing edge.
    static let padEdgeMargin = 20.0
    static let padTimeWidth = 160.0
    /// The date an iPad shows beside the time: Apple's marketing date, the first iPhone's keynote.
    public static let padDate = "Tue Jan 9"
    /// The time label's height, and how far below the bar's middle a notched bar's content sits
    /// (level with the sensor housing's centre).
    static let timeHeight = 22.0
    static let notchedContentDrop = 2.0

    public let timeLabel = UIView(name: "status-bar-time")
    private let signal = UIView(name: "status-bar-signal")
    private let wifi = UIView(name: "status-bar-wifi")
    private let battery = UIView(name: "status-bar-battery")
    private var shownMinute = -1
    /// Whether the bar is an iPad's: the time is followed by the date.
    private var showsDate = false

    public private(set) var style: UIStatusBarStyle = .default

    override var defaultName: String { "status-bar" }

    public required init?(coder: NSCoder) { nil }

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        signal.glyph = .cellularbars
        wifi.glyph = .wifi
        battery.glyph = .battery100
        for view in [timeLabel, signal, wifi, battery] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        apply(.default)
    }

    /// "9:41" plus the whole minutes of `elapsed` seconds, on a 24-hour dial shown as 12 hours.
    public static func timeText(elapsed: Double) -> String {
        let minutes = baseMinutes + Int((max(elapsed, 0) / 60).rounded(.down))
        let hour = (minutes / 60) % 12
        let minute = minutes % 60
        return "\(hour == 0 ? 12 : hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    /// Shows the time at `elapsed` seconds of the world's clock; writes only when the minute changes.
    func showTime(elapsed: Double) {
        let minute = Int((max(elapsed, 0) / 60).rounded(.down))
        guard minute != shownMinute else { return }
        shownMinute = minute
        let time = Self.timeText(elapsed: elapsed)
        timeLabel.text = showsDate ? "\(time) \(Self.padDate)" : time
    }

    func apply(_ style: UIStatusBarStyle) {
        self.style = style
        for view in [timeLabel, signal, wifi, battery] { view.textColor = style.contentColor }
    }

    /// Lays the bar out across `width` with the safe area's top inset as its height, as `device` shows it.
    func layout(width: Double, height: Double, device: SafeArea.Device) {
        isHidden = height <= 0
        frame = CGRect(x: 0, y: 0, width: width, height: height)
        let pad = device == .pad || device == .homeButtonPad
        let large = height >= Self.largeLayoutMinimumHeight
        let midY = large ? height / 2 + Self.notchedContentDrop : height / 2
        timeLabel.fontSize = large ? Self.largeFontSize : Self.compactFontSize
        // The status bar's clock is semibold, as iOS's is.
        timeLabel.fontWeight = .semibold
        if showsDate != pad {
            showsDate = pad
            shownMinute = -1
        }
        signal.isHidden = pad
        if pad {
            timeLabel.textAlignment = .left
            timeLabel.frame = CGRect(x: Self.padEdgeMargin, y: midY - Self.timeHeight / 2,
                                     width: Self.padTimeWidth, height: Self.timeHeight)
            let batteryX = width - Self.padEdgeMargin - Self.batterySize.width
            battery.frame = Self.square(x: batteryX, side: Self.batterySize.width, midY: midY)
            wifi.frame = Self.square(x: batteryX - Self.iconSpacing - Self.wifiSize.width, side: Self.wifiSize.width, midY: midY)
            return
        }
        timeLabel.textAlignment = .center
        let timeWidth = large ? width * Self.timeCenter * 2 : Self.compactTimeWidth
        let timeX = large ? 0 : (width - timeWidth) / 2
        timeLabel.frame = CGRect(x: timeX, y: midY - Self.timeHeight / 2, width: timeWidth, height: Self.timeHeight)
        let iconsWidth = Self.signalSize.width + Self.wifiSize.width + Self.batterySize.width + 2 * Self.iconSpacing
        let signalX = large ? width * Self.iconsCenter - iconsWidth / 2 : Self.compactEdgeMargin
        let wifiX = signalX + Self.signalSize.width + Self.iconSpacing
        let batteryX = large ? wifiX + Self.wifiSize.width + Self.iconSpacing
            : width - Self.compactEdgeMargin - Self.batterySize.width
        // Each glyph's square is as wide as its ink and centred on the row, as the ink is.
        signal.frame = Self.square(x: signalX, side: Self.signalSize.width, midY: midY)
        wifi.frame = Self.square(x: wifiX, side: Self.wifiSize.width, midY: midY)
        battery.frame = Self.square(x: batteryX, side: Self.batterySize.width, midY: midY)
    }

    private static func square(x: Double, side: Double, midY: Double) -> CGRect {
        CGRect(x: x, y: midY - side / 2, width: side, height: side)
    }
}

/// The home indicator: the rounded bar at the bottom of every screen without a home button,
/// centred in the bottom inset's lower part. Never takes touches (the home gesture is the system's).
@preconcurrency @MainActor public final class HomeIndicator: UIView {
    /// iPhone: 134×5 pt, 8 pt above the bottom edge. iPad's is wider; 200 pt is an estimate, not measured.
    static let phoneWidth = 134.0
    static let padWidth = 200.0
    static let thickness = 5.0
    static let bottomMargin = 8.0

    override var defaultName: String { "home-indicator" }

    public required init?(coder: NSCoder) { nil }

    init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        cornerRadius = Self.thickness / 2
    }

    /// Backgrounds brighter than this (relative luminance, 0…1) get a dark indicator, others a light one.
    static let lightBackgroundLuminance = 0.5

    func layout(in size: CGSize) {
        isHidden = !SafeArea.hasHomeIndicator(size)
        let width = SafeArea.device(for: size) == .pad ? Self.padWidth : Self.phoneWidth
        frame = CGRect(x: (size.width - width) / 2, y: size.height - Self.bottomMargin - Self.thickness,
                     width: width, height: Self.thickness)
    }

    /// Like iOS's, the indicator adapts to what is under it: dark over a light background, light
    /// over a dark one (or, with nothing opaque found, the status bar's content colour).
    func adapt(to background: UIColor?, fallback: UIStatusBarStyle) {
        let color: UIColor
        if let background {
            // ITU-R BT.601 luma, as TintDimming.dimmed uses.
            let luminance = 0.299 * background.red + 0.587 * background.green + 0.114 * background.blue
            color = luminance > Self.lightBackgroundLuminance ? .black : .white
        } else {
            color = fallback.contentColor
        }
        if backgroundColor != color { backgroundColor = color }
    }
}

extension UIView {
    /// Backgrounds at least this opaque count as what the eye sees there.
    static let opaqueBackgroundAlpha = 0.5

    /// The background drawn at `point` (in this view's coordinates): the frontmost visible view
    /// there with a mostly opaque background, skipping the window's chrome. It reads presentation
    /// values, what is on screen now, as iOS adapts the indicator to what it composites: a screen
    /// still sliding in is not under the indicator yet, though its model frame already is.
    ///
    /// The window searches again whenever its tree changed or an animation runs, which mid-transition
    /// is every frame: subviews that cannot be the answer anywhere (`mayHaveOpaqueBackground`) are
    /// passed over before their geometry is computed, and all are walked unretained, as the
    /// display-list builder walks them (`subviews`, held here, keeps them alive; the search changes
    /// nothing).
    func opaqueBackground(at point: CGPoint) -> UIColor? {
        opaqueBackground(at: point, shown: presentationValues)
    }

    /// `opaqueBackground(at:)` with this view's presentation values, read once by the caller.
    private func opaqueBackground(at point: CGPoint, shown values: ModelValues) -> UIColor? {
        guard !isHidden, values.alpha > 0.01 else { return nil }
        let inside = values.bounds.contains(point)
        if clipsToBounds && !inside { return nil }
        var found: UIColor?
        let subviews = self.subviews
        subviews.withUnsafeBytes { children in
            for offset in stride(from: children.count - MemoryLayout<UIView>.stride, through: 0,
                                 by: -MemoryLayout<UIView>.stride) {
                let child = Unmanaged<UIView>.fromOpaque(children.load(fromByteOffset: offset, as: UnsafeRawPointer.self))
                found = child._withUnsafeGuaranteedRef { subview in
                    let shown = subview.presentationValues
                    guard subview.mayHaveOpaqueBackground(shown: shown),
                          !(subview is StatusBar || subview is HomeIndicator) else {
                        return nil
                    }
                    let toSuperview = Self.transformToSuperview(bounds: shown.bounds, transform: shown.transform,
                                                                center: shown.center)
                    return subview.opaqueBackground(at: point.applying(toSuperview.inverted()), shown: shown)
                }
                if found != nil { break }
            }
        }
        if let found { return found }
        guard inside, values.backgroundColor.alpha >= Self.opaqueBackgroundAlpha else { return nil }
        return values.backgroundColor
    }

    /// Whether `opaqueBackground(at:)` can find anything here, wherever the point: not for a hidden
    /// or nearly transparent view, nor for one without subviews whose own background is not mostly
    /// opaque (a clear one has alpha 0).
    private func mayHaveOpaqueBackground(shown values: ModelValues) -> Bool {
        guard !isHidden, values.alpha > 0.01 else { return false }
        return !subviews.isEmpty || values.backgroundColor.alpha >= Self.opaqueBackgroundAlpha
    }
}
