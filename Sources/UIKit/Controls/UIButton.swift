import Motion

/// `UIButton`: a control with a title for each state, drawn centered in its bounds.
///
/// A `.system` button's title is tinted blue and fades to 20% while highlighted, as a system
/// button's does; a `.custom` one is white and does not fade.
open class UIButton: UIControl {
    /// `UIButton.ButtonType`: the kinds the page draws; the rest draw as `.system`.
    public enum ButtonType: Int, Sendable {
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
        titleColors[state] ?? titleColors[.normal] ?? (buttonType == .custom ? .white : .systemBlue)
    }

    public var currentTitle: String? { title(for: state) }
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .systemBlue }

    override func stateDidChange() {
        showState()
    }

    /// Draws the current state's title in its color; a highlighted system button fades it.
    private func showState() {
        text = currentTitle
        var color = currentTitleColor
        if isHighlighted && buttonType != .custom && titleColors[.highlighted] == nil {
            color = color.withAlphaComponent(color.alpha * Self.highlightedTitleAlpha)
        }
        textColor = color
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
