/// Why a client message was rejected. Each case maps to one `ErrorCode` and a sentence the page
/// can show, through `ErrorMessage.init(_:)`.
public enum ClientMessageError: Error, Equatable, Sendable {
    case empty
    case tooLarge(byteCount: Int)
    case unsupportedVersion(UInt8)
    /// One byte: a version and nothing else.
    case missingType
    case unknownType(UInt8)
    /// The byte count does not match the type's layout (short or with trailing bytes).
    case wrongLength(MessageType, expected: Int, actual: Int)
    case notFinite(ClientField)
    case outOfRange(ClientField, Double)
    /// A byte that must be one of a few codes (pointer phase or kind, an on/off flag) is not.
    case unknownCode(ClientField, UInt8)
    case invalidSceneName(SceneNameProblem)
    /// A watch whose token is not 32 lowercase hex digits.
    case invalidShareToken

    public enum SceneNameProblem: Equatable, Sendable {
        case empty
        case tooLong(byteCount: Int)
        case notUTF8
        /// Control, format, separator, private-use or unassigned characters.
        case notPrintable
    }

    public var code: ErrorCode {
        switch self {
        case .empty: .emptyMessage
        case .tooLarge: .messageTooLarge
        case .unsupportedVersion: .unsupportedVersion
        case .missingType, .unknownType: .unknownMessageType
        case .wrongLength: .wrongLength
        case .notFinite: .notFinite
        case .outOfRange: .outOfRange
        case .unknownCode: .unknownCode
        case .invalidSceneName: .invalidSceneName
        case .invalidShareToken: .invalidShareToken
        }
    }
}

/// The client-message field a validation error is about.
public enum ClientField: String, Sendable {
    case pointerPhase = "pointer phase"
    case pointerKind = "pointer type"
    case pointerID = "pointer id"
    case x, y
    case timestamp
    case width, height
    case devicePixelRatio = "device pixel ratio"
    case clientTime = "ping time"
    case slowAnimations = "slow-animations flag"
    case scrubCommand = "scrub command"
    case scrubProgress = "scrub progress"
    case scrubStep = "scrub step (whole frames, not 0)"
    case scrubValue = "scrub value (0 for this command)"
    case tuneCurve = "tuned curve (0 easeInOut, 1 easeIn, 2 easeOut, 3 linear, 4 custom)"
    case tuneDuration = "tuned duration"
    case tuneDampingRatio = "tuned damping ratio (0 for a curve or keyframes, above 0 and at most 1 for a spring)"
    case tuneVelocity = "tuned velocity"
}

extension ClientMessageError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty:
            "Empty message."
        case .tooLarge(let count):
            "Message of \(count) bytes is larger than the \(ClientLimits.maximumMessageSize)-byte limit."
        case .unsupportedVersion(let version):
            "Protocol version \(version) is not supported; this server speaks version \(WireProtocol.version). Reload the page."
        case .missingType:
            "Message has a version byte but no type."
        case .unknownType(let type):
            "Unknown message type \(type)."
        case .wrongLength(let type, let expected, let actual):
            "A \(type) message must be \(expected) bytes, not \(actual)."
        case .notFinite(let field):
            "The \(field.rawValue) is not a finite number."
        case .outOfRange(let field, let value):
            "The \(field.rawValue) \(value) is out of range."
        case .unknownCode(let field, let byte):
            "Unknown \(field.rawValue) code \(byte)."
        case .invalidSceneName(.empty):
            "The scene name is empty."
        case .invalidSceneName(.tooLong(let count)):
            "The scene name is \(count) bytes long; the limit is \(ClientLimits.sceneNameBytes.upperBound)."
        case .invalidSceneName(.notUTF8):
            "The scene name is not valid UTF-8."
        case .invalidSceneName(.notPrintable):
            "The scene name contains characters that cannot be printed."
        case .invalidShareToken:
            "The share link's token must be \(ShareToken.length) lowercase hex digits; copy the whole link again."
        }
    }
}
