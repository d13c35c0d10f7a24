import Motion

/// A tappable view with a title, the scenes' `UIButton`: the title says what the tap does, and it
/// dims while a touch that may still tap is down on it, as a system button's does.
open class UIButton: UIView {
    /// The title's opacity, relative to its color's, while highlighted: a system `UIButton`'s 0.2.
    public static let highlightedTitleAlpha = 0.2

    private let action: () -> Void
    /// The title color to come back to when the highlight ends.
    private var normalTextColor: Color = .systemBlue

    public init(title: String, name: String? = nil, frame: CGRect = .zero, action: @escaping () -> Void) {
        self.action = action
        super.init(frame: frame, name: name ?? "button-" + title.lowercased().replacingSpaces())
        text = title
        textColor = .systemBlue
        let tap = HighlightingTapRecognizer { [unowned self] in self.isHighlighted = $0 }
        tap.addTarget { [unowned self] _ in self.action() }
        addGestureRecognizer(tap)
    }

    public var title: String? {
        get { text }
        set { text = newValue }
    }

    /// `isHighlighted`: from the touch that lands on the button until that touch taps, wanders
    /// off (the tap fails) or is cancelled. The title's color set meanwhile is the one restored.
    public private(set) var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            if isHighlighted {
                normalTextColor = textColor
                textColor = textColor.withAlphaComponent(textColor.alpha * Self.highlightedTitleAlpha)
            } else {
                textColor = normalTextColor
            }
        }
    }
}

/// A tap recognizer that also says when the touch that may become a tap starts and stops: the
/// dispatcher resets every recognizer whose gesture is over (tapped, failed or cancelled).
final class HighlightingTapRecognizer: UITapGestureRecognizer {
    private let highlight: (Bool) -> Void

    init(highlight: @escaping (Bool) -> Void) {
        self.highlight = highlight
        super.init()
    }

    /// A control's touch tracking, not a gesture: `cancelsTouchesInView` false leaves it running.
    override var handlesTouchesForView: Bool { true }

    override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        highlight(true)
    }

    override func reset() {
        super.reset()
        // The button can go while a finger is still down on it (another finger closed its screen,
        // or its world was rebuilt); the dispatcher resets this recognizer when that finger lifts,
        // and there is no button left to un-highlight. Its deinit cleared `view`.
        if view != nil { highlight(false) }
    }
}

extension String {
    func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }
}
