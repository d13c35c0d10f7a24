/// `UILabel`: a view that draws text in a font and a color.
///
/// The label keeps its text where every view keeps what the display list draws of it (its text,
/// color, font size and weight, alignment, line count), so a label costs no more memory than a
/// plain view and its node is built as any other's. The page lays the text out as UIKit does: it
/// wraps at word boundaries to the bounds' width, into at most `numberOfLines` lines and as many
/// as the bounds' height holds, truncates the last line's tail with an ellipsis, centres the lines
/// vertically in the bounds and places each across them by `textAlignment`.
///
/// What is not here: `attributedText`, `lineBreakMode`, `adjustsFontSizeToFitWidth`,
/// `sizeToFit()` and `intrinsicContentSize`, which need text measured on the server; the page
/// measures text, the server does not.
@preconcurrency @MainActor open class UILabel: UIView {
    /// `numberOfLines`: 1 by default; 0 asks for as many as the text needs and the bounds hold.
    /// Counts above 255 draw as 255.
    open var numberOfLines = 1 {
        didSet { drawnNumberOfLines = UInt8(clamping: max(numberOfLines, 0)) }
    }

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
