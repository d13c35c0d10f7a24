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
    public static let invalidShareToken = ErrorCode(rawValue: 10)
    /// Session level: the message was well formed but names no scene the server has.
    public static let unknownScene = ErrorCode(rawValue: 100)
    /// Session level: a well-formed scrub command with no transition to apply it to, or one that
    /// cannot be scrubbed.
    public static let cannotScrub = ErrorCode(rawValue: 101)
    /// Session level: a well-formed tune-animation naming no animation the scene has run, or an
    /// edit its kind does not take (damping 0 for a spring, a curve for keyframes, …).
    public static let cannotTune = ErrorCode(rawValue: 102)
    /// Session level: a watcher sent input only the controller may send (pointer, scene, slow
    /// animations, scrub, tune animation, hand over).
    public static let readOnly = ErrorCode(rawValue: 103)
    /// Session level: a well-formed watch naming no session being shared here (never shared,
    /// ended, or this connection's own).
    public static let unknownShareToken = ErrorCode(rawValue: 104)
    /// Session level: the shared session already has as many watchers as it takes.
    public static let tooManyWatchers = ErrorCode(rawValue: 105)
    /// Session level: a hand over with nobody watching to take control.
    public static let noWatcher = ErrorCode(rawValue: 106)
    /// Session level: this server does not share sessions (a transport without a share directory).
    public static let sharingOff = ErrorCode(rawValue: 107)
}
