/// `UILabel`: a view that draws one line of text in a font and a color.
///
/// The label keeps its text where every view keeps what the display list draws of it (its text,
/// color, font size and weight, alignment), so a label costs no more memory than a plain view and
/// its node is built as any other's. The line is centred vertically in the bounds and placed across
/// them by `textAlignment`.
///
/// What is not drawn: more than one line. The page draws the text on a single line whatever
/// `numberOfLines` says (it neither wraps nor truncates, and text wider than the bounds overflows
/// them), since the server does not measure text. `attributedText`, `lineBreakMode`,
/// `adjustsFontSizeToFitWidth`, `sizeToFit()` and `intrinsicContentSize`, which need that
/// measurement, are not here.
@preconcurrency @MainActor open class UILabel: UIView {
    /// `numberOfLines`: 1 by default; 0 asks for as many as the text needs. Kept, not drawn: see
    /// the type's note.
    open var numberOfLines = 1

    /// `init(frame:)`: an empty label in the 17-pt system font, black, naturally aligned, which
    /// takes no touches (`isUserInteractionEnabled` is false for labels, as in UIKit).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        textAlignment = .natural
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) { nil }

    /// A label without an identifier is "label" in the display list and recordings.
    override var defaultName: String { "label" }

    /// `text`: the line drawn; nil draws nothing.
    open override var text: String? {
        get { super.text }
        set { super.text = newValue }
    }

    /// `font`: the 17-pt system font by default; setting nil restores it.
    open var font: UIFont! {
        get { UIFont(drawnSize: fontSize, weight: fontWeight) }
        set {
            let font = newValue ?? UILabel.defaultFont
            fontSize = Double(font.pointSize)
            fontWeight = font.drawnWeight
        }
    }

    /// `textColor`: `.label` (black in light mode) by default; setting nil restores it.
    open override var textColor: UIColor! {
        get { super.textColor }
        set { super.textColor = newValue ?? UILabel.defaultTextColor }
    }

    /// `textAlignment`: `.natural` by default, which is `.left` here (text runs left to right).
    open override var textAlignment: NSTextAlignment {
        get { super.textAlignment }
        set { super.textAlignment = newValue }
    }

    /// UIKit's defaults for a label's font and color.
    static let defaultFont = UIFont.systemFont(ofSize: 17)
    static let defaultTextColor = UIColor.label
}
