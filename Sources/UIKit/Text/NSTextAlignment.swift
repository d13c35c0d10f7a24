/// `NSTextAlignment`, with iOS's raw values. UIKit declares it (Foundation on Linux does not).
///
/// Text here is one left-to-right line, so `.natural` reads as `.left`, and so does `.justified`
/// (a paragraph's last line, which a single line is, is set naturally).
public nonisolated enum NSTextAlignment: Int, Sendable, CaseIterable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4

    /// Where the line is drawn.
    var drawn: TextAlignment {
        switch self {
        case .left, .justified, .natural: .left
        case .center: .center
        case .right: .right
        }
    }
}
