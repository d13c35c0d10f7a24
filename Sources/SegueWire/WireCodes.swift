import SegueValues

// UIKit's enums carry String raw values for JSON; the wire spends one byte on each. The codes
// are spelled out (not derived from `allCases` order) so reordering a Swift case cannot silently
// change the protocol. 0 is never a code: in a frame header it means "no transition".

extension TransitionStatus.Operation {
    var wireCode: UInt8 {
        switch self {
        case .present: 1
        case .dismiss: 2
        case .push: 3
        case .pop: 4
        case .tab: 5
        }
    }

    init?(wireCode: UInt8) {
        switch wireCode {
        case 1: self = .present
        case 2: self = .dismiss
        case 3: self = .push
        case 4: self = .pop
        case 5: self = .tab
        default: return nil
        }
    }
}

extension TransitionStatus.Phase {
    var wireCode: UInt8 {
        switch self {
        case .animating: 1
        case .interactive: 2
        case .finishing: 3
        case .cancelling: 4
        }
    }

    init?(wireCode: UInt8) {
        switch wireCode {
        case 1: self = .animating
        case 2: self = .interactive
        case 3: self = .finishing
        case 4: self = .cancelling
        default: return nil
        }
    }
}

extension PointerEvent.Phase {
    var wireCode: UInt8 {
        switch self {
        case .down: 1
        case .move: 2
        case .up: 3
        case .cancel: 4
        }
    }

    init?(wireCode: UInt8) {
        switch wireCode {
        case 1: self = .down
        case 2: self = .move
        case 3: self = .up
        case 4: self = .cancel
        default: return nil
        }
    }
}

extension PointerEvent.Kind {
    var wireCode: UInt8 {
        switch self {
        case .mouse: 1
        case .touch: 2
        case .pen: 3
        }
    }

    init?(wireCode: UInt8) {
        switch wireCode {
        case 1: self = .mouse
        case 2: self = .touch
        case 3: self = .pen
        default: return nil
        }
    }
}

extension ScrubCommand {
    /// The scrub message's command byte.
    enum WireKind: UInt8 {
        case pause = 1, seek = 2, step = 3, finish = 4, cancel = 5
    }

    var wireKind: WireKind {
        switch self {
        case .pause: .pause
        case .seek: .seek
        case .step: .step
        case .finish: .finish
        case .cancel: .cancel
        }
    }

    /// The scrub message's f64: the progress of a seek, the frames of a step, 0 otherwise.
    var wireValue: Double {
        switch self {
        case .seek(let progress): progress
        case .step(let frames): Double(frames)
        case .pause, .finish, .cancel: 0
        }
    }
}

extension TransitionRelease.Decision {
    var wireCode: UInt8 {
        switch self {
        case .finish: 1
        case .cancel: 2
        }
    }

    init?(wireCode: UInt8) {
        switch wireCode {
        case 1: self = .finish
        case 2: self = .cancel
        default: return nil
        }
    }
}
