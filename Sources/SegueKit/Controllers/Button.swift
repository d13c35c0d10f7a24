import Motion

/// A tappable view with a title, the scenes' `UIButton`: the title says what the tap does.
open class Button: View {
    private let action: () -> Void

    public init(title: String, name: String? = nil, frame: Rect = .zero, action: @escaping () -> Void) {
        self.action = action
        super.init(frame: frame, name: name ?? "button-" + title.lowercased().replacingSpaces())
        text = title
        textColor = .systemBlue
        addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in self.action() })
    }

    public var title: String? {
        get { text }
        set { text = newValue }
    }
}

extension String {
    func replacingSpaces() -> String {
        String(map { $0 == " " ? "-" : $0 })
    }
}
