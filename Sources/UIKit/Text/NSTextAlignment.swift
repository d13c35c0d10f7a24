/// `NSTextAlignment`, with iOS's raw values. UIKit declares it (Foundation on Linux does not).
///
/// Text here runs left to right, so `.natural` reads as `.left`; `.justified` is set ragged, as
/// `.left` (the page does not stretch the spaces of a wrapped line).
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
