import Motion

/// `UIStatusBarStyle`: dark content for light backgrounds (`.default`, `.darkContent`), light
/// content for dark ones.
public enum StatusBarStyle: Sendable {
    case `default`, lightContent, darkContent

    var contentColor: Color { self == .lightContent ? .white : .black }
}

/// The system status bar, drawn from ordinary views so the display list and `segue record` show
/// it: the time on the left, signal bars and a battery on the right (one row in the middle of a
/// home-button phone's 20-pt bar). Never takes touches; hidden when the safe area has no top inset
/// (a notched phone in landscape, as on iOS).
public final class StatusBar: View {
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
    /// Signal: four 3-pt bars 1.7 pt apart, rising to 11 pt; battery 25×12, corner 3.5, a 1.3×4 cap.
    static let signalHeights = [4.0, 6.0, 8.5, 11.0]
    static let signalBarWidth = 3.0
    static let signalBarGap = 1.7
    static let batterySize = Size(width: 25, height: 12)
    static let batteryCap = Size(width: 1.3, height: 4)
    static let iconSpacing = 6.0
    /// The compact (20-pt) bar: the time centred in a label this wide, the icons this far from the edges.
    static let compactTimeWidth = 80.0
    static let compactEdgeMargin = 6.0
    /// The time label's height, and how far below the bar's middle a notched bar's content sits
    /// (level with the sensor housing's centre).
    static let timeHeight = 22.0
    static let notchedContentDrop = 2.0
    /// The battery outline's opacity (the level inside is opaque), as iOS draws it.
    static let batteryOutlineAlpha = 0.35

    public let timeLabel = View(name: "status-bar-time")
    private let signalBars: [View]
    private let battery = View(name: "status-bar-battery")
    private let batteryLevel = View(name: "status-bar-battery-level")
    private let batteryCap = View(name: "status-bar-battery-cap")
    private var shownMinute = -1

    public private(set) var style: StatusBarStyle = .default

    init() {
        signalBars = Self.signalHeights.indices.map { View(name: "status-bar-signal-\($0 + 1)") }
        super.init(name: "status-bar")
        isUserInteractionEnabled = false
        addSubview(timeLabel)
        for bar in signalBars { addSubview(bar) }
        addSubview(battery)
        battery.addSubview(batteryLevel)
        addSubview(batteryCap)
        battery.cornerRadius = 3.5
        battery.borderWidth = 1
        batteryLevel.cornerRadius = 1.5
        batteryCap.cornerRadius = 0.65
        for view in [timeLabel, battery, batteryLevel, batteryCap] + signalBars { view.isUserInteractionEnabled = false }
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
        timeLabel.text = Self.timeText(elapsed: elapsed)
    }

    func apply(_ style: StatusBarStyle) {
        self.style = style
        let color = style.contentColor
        timeLabel.textColor = color
        for bar in signalBars { bar.backgroundColor = color }
        battery.borderColor = color.withAlphaComponent(Self.batteryOutlineAlpha)
        batteryLevel.backgroundColor = color
        batteryCap.backgroundColor = color.withAlphaComponent(Self.batteryOutlineAlpha)
    }

    /// Lays the bar out across `width` with the safe area's top inset as its height.
    func layout(width: Double, height: Double) {
        isHidden = height <= 0
        frame = Rect(x: 0, y: 0, width: width, height: height)
        let large = height >= Self.largeLayoutMinimumHeight
        let midY = large ? height / 2 + Self.notchedContentDrop : height / 2
        timeLabel.fontSize = large ? Self.largeFontSize : Self.compactFontSize
        // The status bar's clock is semibold, as iOS's is.
        timeLabel.fontWeight = .semibold
        let timeWidth = large ? width * Self.timeCenter * 2 : Self.compactTimeWidth
        let timeX = large ? 0 : (width - timeWidth) / 2
        timeLabel.frame = Rect(x: timeX, y: midY - Self.timeHeight / 2, width: timeWidth, height: Self.timeHeight)
        let signalWidth = Double(signalBars.count) * Self.signalBarWidth + Double(signalBars.count - 1) * Self.signalBarGap
        let batteryWidth = Self.batterySize.width + 1 + Self.batteryCap.width
        let iconsWidth = signalWidth + Self.iconSpacing + batteryWidth
        let signalX = large ? width * Self.iconsCenter - iconsWidth / 2 : Self.compactEdgeMargin
        let tallest = Self.signalHeights.last ?? 0
        for (index, bar) in signalBars.enumerated() {
            let barHeight = Self.signalHeights[index]
            bar.frame = Rect(x: signalX + Double(index) * (Self.signalBarWidth + Self.signalBarGap),
                             y: midY + tallest / 2 - barHeight, width: Self.signalBarWidth, height: barHeight)
            bar.cornerRadius = 1
        }
        let batteryX = large ? signalX + signalWidth + Self.iconSpacing : width - Self.compactEdgeMargin - batteryWidth
        battery.frame = Rect(x: batteryX, y: midY - Self.batterySize.height / 2,
                             width: Self.batterySize.width, height: Self.batterySize.height)
        batteryLevel.frame = Rect(x: 2, y: 2, width: Self.batterySize.width - 4, height: Self.batterySize.height - 4)
        batteryCap.frame = Rect(x: battery.frame.maxX + 1, y: midY - Self.batteryCap.height / 2,
                                width: Self.batteryCap.width, height: Self.batteryCap.height)
    }
}

/// The home indicator: the rounded bar at the bottom of every screen without a home button,
/// centred in the bottom inset's lower part. Never takes touches (the home gesture is the system's).
public final class HomeIndicator: View {
    /// iPhone: 134×5 pt, 8 pt above the bottom edge. iPad's is wider; 200 pt is an estimate, not measured.
    static let phoneWidth = 134.0
    static let padWidth = 200.0
    static let thickness = 5.0
    static let bottomMargin = 8.0

    init() {
        super.init(name: "home-indicator")
        isUserInteractionEnabled = false
        cornerRadius = Self.thickness / 2
    }

    /// Backgrounds brighter than this (relative luminance, 0…1) get a dark indicator, others a light one.
    static let lightBackgroundLuminance = 0.5

    func layout(in size: Size) {
        isHidden = !SafeArea.hasHomeIndicator(size)
        let width = SafeArea.device(for: size) == .pad ? Self.padWidth : Self.phoneWidth
        frame = Rect(x: (size.width - width) / 2, y: size.height - Self.bottomMargin - Self.thickness,
                     width: width, height: Self.thickness)
    }

    /// Like iOS's, the indicator adapts to what is under it: dark over a light background, light
    /// over a dark one (or, with nothing opaque found, the status bar's content colour).
    func adapt(to background: Color?, fallback: StatusBarStyle) {
        let color: Color
        if let background {
            // ITU-R BT.601 luma, as DisplayListBuilder.dim uses.
            let luminance = 0.299 * background.red + 0.587 * background.green + 0.114 * background.blue
            color = luminance > Self.lightBackgroundLuminance ? .black : .white
        } else {
            color = fallback.contentColor
        }
        if backgroundColor != color { backgroundColor = color }
    }
}

extension View {
    /// Backgrounds at least this opaque count as what the eye sees there.
    static let opaqueBackgroundAlpha = 0.5

    /// The background drawn at `point` (in this view's coordinates): the frontmost visible view
    /// there with a mostly opaque background, searched as hit-testing searches (model values) but
    /// whatever takes touches, and skipping the window's chrome.
    ///
    /// The window searches again whenever its tree changed, which mid-transition is every frame:
    /// subviews that cannot be the answer anywhere (`mayHaveOpaqueBackground`) are passed over
    /// before their geometry is computed, and all are walked unretained, as the display-list
    /// builder walks them (`subviews`, held here, keeps them alive; the search changes nothing).
    func opaqueBackground(at point: Point) -> Color? {
        guard !isHidden, alpha > 0.01 else { return nil }
        let inside = self.point(inside: point)
        if clipsToBounds && !inside { return nil }
        var found: Color?
        let subviews = self.subviews
        subviews.withUnsafeBytes { children in
            for offset in stride(from: children.count - MemoryLayout<View>.stride, through: 0,
                                 by: -MemoryLayout<View>.stride) {
                let child = Unmanaged<View>.fromOpaque(children.load(fromByteOffset: offset, as: UnsafeRawPointer.self))
                found = child._withUnsafeGuaranteedRef { subview in
                    guard subview.mayHaveOpaqueBackground, !(subview is StatusBar || subview is HomeIndicator) else {
                        return nil
                    }
                    return subview.opaqueBackground(at: point.applying(subview.transformToSuperview.inverted()))
                }
                if found != nil { break }
            }
        }
        if let found { return found }
        guard inside, let background = backgroundColor, background.alpha >= Self.opaqueBackgroundAlpha else {
            return nil
        }
        return background
    }

    /// Whether `opaqueBackground(at:)` can find anything here, wherever the point: not for a hidden
    /// or nearly transparent view, nor for one without subviews whose own background is not mostly
    /// opaque (a clear one has alpha 0).
    private var mayHaveOpaqueBackground: Bool {
        guard !isHidden, alpha > 0.01 else { return false }
        return !subviews.isEmpty || model.backgroundColor.alpha >= Self.opaqueBackgroundAlpha
    }
}
