import Motion
import UIKit

/// A full-screen controller as the tutorials' storyboards draw them: a background color, a heading,
/// an optional hint, and buttons whose titles say what they do, stacked near the bottom.
@MainActor open class DemoViewController: UIViewController {
    public static let buttonHeight = 50.0
    public static let buttonSpacing = 12.0
    /// Space between the lowest button and the bottom of the safe area (above the home indicator).
    public static let bottomMargin = 20.0
    /// Where the heading sits, as a fraction of the safe area's height from its top.
    static let headingPosition = 0.25

    let color: UIColor
    let heading: String
    private let headingLabel = UILabel()
    private let hintLabel = UILabel()
    public private(set) var buttons: [UIButton] = []

    public required init?(coder: NSCoder) { nil }

    public init(name: String, heading: String, color: UIColor, hint: String? = nil) {
        self.color = color
        self.heading = heading
        super.init(nibName: nil, bundle: nil)
        headingLabel.accessibilityIdentifier = "\(name)-heading"
        hintLabel.accessibilityIdentifier = "\(name)-hint"
        restorationIdentifier = name
        title = heading
        accessibilityHint = hint
    }

    /// White headings on a coloured background: the status bar draws light content over it.
    open override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        headingLabel.text = heading
        headingLabel.font = .systemFont(ofSize: 34)
        headingLabel.textColor = .white
        headingLabel.textAlignment = .center
        view.addSubview(headingLabel)
        if let hint = accessibilityHint {
            hintLabel.text = hint
            hintLabel.font = .systemFont(ofSize: 15)
            hintLabel.textColor = UIColor(white: 1, alpha: 0.85)
            hintLabel.textAlignment = .center
            view.addSubview(hintLabel)
        }
    }

    /// Adds a button named `<controller>-<title>` that runs `action` when tapped.
    @discardableResult
    public func addButton(_ title: String, action: @escaping () -> Void) -> UIButton {
        let button = UIButton(type: .system, primaryAction: UIAction(title: title) { _ in action() })
        button.accessibilityIdentifier = "\(name)-\(title.lowercased().split(separator: " ").joined(separator: "-"))"
        button.backgroundColor = .white
        button.layer.cornerRadius = 12
        button.titleLabel?.font = .systemFont(ofSize: 19)
        buttons.append(button)
        view.addSubview(button)
        return button
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The background stays full-bleed; text and buttons keep inside the safe area.
        let safe = view.bounds.inset(by: view.safeAreaInsets)
        let textWidth = max(safe.width - 40, 0)
        headingLabel.frame = CGRect(x: safe.minX + 20, y: safe.minY + safe.height * Self.headingPosition,
                                  width: textWidth, height: 44)
        hintLabel.frame = CGRect(x: safe.minX + 20, y: headingLabel.frame.maxY + 8, width: textWidth, height: 24)
        let width = min(260, textWidth)
        var y = safe.maxY - Self.bottomMargin - Self.buttonHeight
        for button in buttons.reversed() {
            button.frame = CGRect(x: safe.midX - width / 2, y: y, width: width, height: Self.buttonHeight)
            y -= Self.buttonHeight + Self.buttonSpacing
        }
    }
}
