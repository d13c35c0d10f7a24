/// A text's weight, named as `UIFont.Weight`'s; the raw value is the CSS weight in hundreds
/// (regular 4 = 400), which is what the page draws with.
public enum FontWeight: UInt8, Sendable, CaseIterable {
    case ultraLight = 1, thin, light, regular, medium, semibold, bold, heavy, black

    /// The CSS `font-weight`: 100 for ultraLight … 900 for black.
    public var cssWeight: Int { Int(rawValue) * 100 }
}
