import Motion

/// `UIButton`: a control with a title for each state, drawn centered in its bounds.
///
/// A `.system` button's title is drawn in its `tintColor` (the system blue unless set) and fades to
/// 20% while highlighted, as a system button's does; a `.custom` one is white and does not fade.
/// A title color set for a state replaces the tint.
@preconcurrency @MainActor open class UIButton: UIControl {
    /// `UIButton.ButtonType`: the kinds the page draws; the rest draw as `.system`.
    public nonisolated enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let roundedRect = ButtonType.system
    }

    /// The title's opacity, relative to its color's, while highlighted: a system `UIButton`'s 0.2.
    public static let highlightedTitleAlpha = 0.2

    public let buttonType: ButtonType
    private var titles: [UIControl.State: String] = [:]
    private var titleColors: [UIControl.State: UIColor] = [:]

    /// `init(frame:)`: a `.custom` button.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        showState()
    }

    private init(buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        showState()
    }

    public required init?(coder: NSCoder) { nil }

    /// `UIButton(type:)`.
    public convenience init(type buttonType: ButtonType) {
        self.init(buttonType: buttonType)
    }

    /// `UIButton(type:primaryAction:)`: the action's title is the button's, and its handler runs on
    /// `.primaryActionTriggered`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(buttonType: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Names a button without an identifier after its title: "button-open-menu".
    override var defaultName: String {
        "button-" + (title(for: .normal) ?? "").lowercased().replacingSpaces()
    }

    /// `setTitle(_:for:)`: the title shown in `state` (`.normal`'s where a state has none).
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state] = title
        if state == .normal { defaultNameDidChange() }
        showState()
    }

    open func title(for state: UIControl.State) -> String? {
        titles[state] ?? titles[.normal]
    }

    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state] = color
        showState()
    }

    open func titleColor(for state: UIControl.State) -> UIColor? {
        assignedTitleColor(for: state) ?? (buttonType == .custom ? .white : tintColor)
    }

    public var currentTitle: String? { title(for: state) }
    public var currentTitleColor: UIColor { titleColor(for: state) ?? tintColor }

    /// The title color set for `state`, or for `.normal`; nil where the title takes the default.
    private func assignedTitleColor(for state: UIControl.State) -> UIColor? {
        titleColors[state] ?? titleColors[.normal]
    }

    /// The tint may have changed: a system button's title is drawn in it.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        showState()
    }

    /// `titleLabel`: the label showing the title. Its `font` is the font the title is drawn in
    /// (`button.titleLabel?.font = .systemFont(ofSize: 19)`); its `text` and `textColor` are the
    /// title and color drawn now, which the button's state sets (`setTitle(_:for:)`,
    /// `setTitleColor(_:for:)`): setting them shows them until the next state change, as UIKit's
    /// button resets its label's.
    ///
    /// The button draws its title itself (its own node carries the text), so this label is a face
    /// of the button, not a subview: it has no frame, and it keeps none of the title's state, so
    /// the button keeps no label for it (a whole view per button, in every session). Each read
    /// makes one onto the same title, so two reads are two labels (`===` tells them apart, `==`
    /// too). Its `numberOfLines` is the title's (`titleLabel?.numberOfLines = 0` wraps it, as in
    /// UIKit); what else is set on one (`textAlignment`) stays with it, and the title is drawn
    /// centred.
    public var titleLabel: UILabel? {
        ButtonTitleLabel(button: self)
    }

    override func stateDidChange() {
        showState()
    }

    /// Draws the current state's title in its color; a highlighted system button fades it. A title
    /// in the tint is drawn in the undimmed tint, marked as the tint: the display list dims it
    /// (`textColorIsTint`), as the dimming animates.
    private func showState() {
        text = currentTitle
        let explicit = assignedTitleColor(for: state)
        let isTinted = explicit == nil && buttonType != .custom
        var color = explicit ?? (isTinted ? undimmedTintColor : .white)
        if isHighlighted && buttonType != .custom && titleColors[.highlighted] == nil {
            color = color.withAlphaComponent(color.alpha * Self.highlightedTitleAlpha)
        }
        textColor = color
        textColorIsTint = isTinted
    }
}

/// A button's `titleLabel`: its font, text and color are the button's title's.
private final class ButtonTitleLabel: UILabel {
    /// The button whose title this shows; held, as the button does not hold its label.
    let button: UIButton

    init(button: UIButton) {
        self.button = button
        super.init(frame: .zero)
        textAlignment = .center
    }

    required init?(coder: NSCoder) { nil }

    override var defaultName: String { "button-title" }

    override var numberOfLines: Int {
        get { Int(button.drawnNumberOfLines) }
        set { button.drawnNumberOfLines = UInt8(clamping: max(newValue, 0)) }
    }

    override var font: UIFont! {
        get { UIFont(drawnSize: button.fontSize, weight: button.fontWeight) }
        set {
            let font = newValue ?? UILabel.defaultFont
            button.fontSize = Double(font.pointSize)
            button.fontWeight = font.drawnWeight
        }
    }

    override var text: String? {
        get { button.text }
        set { button.text = newValue }
    }

    override var textColor: UIColor! {
        get { button.textColor }
        set {
            button.textColor = newValue ?? UILabel.defaultTextColor
            button.textColorIsTint = false
        }
    }
}

extension UIButton {
    /// Segue's own bars' buttons: a system button named `name`, calling `action` when tapped.
    convenience init(title: String, name: String, frame: CGRect = .zero, action: @escaping () -> Void) {
        self.init(type: .system, primaryAction: UIAction(title: title) { _ in action() })
        self.frame = frame
        self.name = name
    }
}

extension String {
    func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }
}
