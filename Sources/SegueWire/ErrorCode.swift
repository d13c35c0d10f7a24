/// The code in an error message: stable numbers the page and tests can match on, while the text
/// beside them may be reworded. A value type over the wire's UInt16, so unknown codes still print.
public struct ErrorCode: Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    public static let emptyMessage = ErrorCode(rawValue: 1)
    public static let messageTooLarge = ErrorCode(rawValue: 2)
    public static let unsupportedVersion = ErrorCode(rawValue: 3)
    public static let unknownMessageType = ErrorCode(rawValue: 4)
    public static let wrongLength = ErrorCode(rawValue: 5)
    public static let notFinite = ErrorCode(rawValue: 6)
    public static let outOfRange = ErrorCode(rawValue: 7)
    public static let unknownCode = ErrorCode(rawValue: 8)
    public static let invalidSceneName = ErrorCode(rawValue: 9)
    /// Session level: the message was well formed but names no scene the server has.
    public static let unknownScene = ErrorCode(rawValue: 100)
    /// Session level: a well-formed scrub command with no transition to apply it to, or one that
    /// cannot be scrubbed.
    public static let cannotScrub = ErrorCode(rawValue: 101)
    /// Session level: a well-formed tune-spring naming no spring the scene has run.
    public static let noSuchSpring = ErrorCode(rawValue: 102)
}
