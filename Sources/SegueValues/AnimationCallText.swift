import Motion

/// What a property animator's call passed besides the timing it is listed by: the spring's
/// initial velocity (it comes from a gesture, so it is not part of the key), the duration a
/// physical spring's animator was made with (the spring runs until it settles, whatever it is),
/// and the delay its first start was given (`startAnimation(afterDelay:)`, or
/// `runningPropertyAnimator`'s).
public struct AnimatorArguments: Hashable, Sendable {
    public var initialVelocity: CGVector
    public var duration: Double
    public var startDelay: Double

    public init(initialVelocity: CGVector = .zero, duration: Double = 0, startDelay: Double = 0) {
        self.initialVelocity = initialVelocity
        self.duration = duration
        self.startDelay = startDelay
    }
}

extension AnimationTiming {
    /// The UIKit call that runs this timing, every argument but the closures exactly as it runs
    /// (delay, options, values printed so they read back as the same doubles): what "Copy as
    /// Swift" gives. A property animator's velocity and made-with duration come from `arguments`.
    public func swiftCall(_ arguments: AnimatorArguments = AnimatorArguments()) -> String {
        let call = madeCall(arguments)
        guard kind.isPropertyAnimator, arguments.startDelay > 0 else { return call }
        // A named curve's delayed animator is what `runningPropertyAnimator` makes; any other is
        // made, then started after its delay.
        if kind == .curveAnimator, curve != .custom {
            return "UIViewPropertyAnimator.runningPropertyAnimator(withDuration: \(duration), delay: \(arguments.startDelay), "
                + "options: [.\(Self.curveOptionNames[Int(curve.rawValue)])], animations: { … })"
        }
        return call + ".startAnimation(afterDelay: \(arguments.startDelay))"
    }

    /// The call that makes it (a block's runs it at once; an animator's is started with `startAnimation()`).
    private func madeCall(_ arguments: AnimatorArguments) -> String {
        switch kind {
        case .curveBlock:
            let options = (self.options & ~Self.curveMask) | UInt(curve == .custom ? 0 : curve.rawValue) << 16
            return "UIView.animate(withDuration: \(duration), delay: \(delay), options: "
                + "\(Self.optionList(options, keyframes: false, namingDefaultCurve: true)), animations: { … })"
        case .keyframeBlock:
            return "UIView.animateKeyframes(withDuration: \(duration), delay: \(delay), options: "
                + "\(Self.optionList(options, keyframes: true)), animations: { … })"
        case .springBlock:
            return "UIView.animate(withDuration: \(duration), delay: \(delay), usingSpringWithDamping: \(dampingRatio), "
                + "initialSpringVelocity: \(initialVelocity), options: \(Self.optionList(options, keyframes: false)), "
                + "animations: { … })"
        case .curveAnimator where curve == .custom:
            return "UIViewPropertyAnimator(duration: \(duration), controlPoint1: \(Self.point(controlPoint1)), "
                + "controlPoint2: \(Self.point(controlPoint2)), animations: { … })"
        case .curveAnimator:
            return "UIViewPropertyAnimator(duration: \(duration), curve: .\(curve.caseName), animations: { … })"
        case .springAnimator where arguments.initialVelocity == .zero:
            return "UIViewPropertyAnimator(duration: \(duration), dampingRatio: \(dampingRatio), animations: { … })"
        case .springAnimator:
            return "UIViewPropertyAnimator(duration: \(duration), timingParameters: UISpringTimingParameters("
                + "dampingRatio: \(dampingRatio), initialVelocity: \(Self.vector(arguments.initialVelocity))))"
        case .physicalSpringAnimator:
            return "UIViewPropertyAnimator(duration: \(arguments.duration), timingParameters: UISpringTimingParameters("
                + "mass: \(mass), stiffness: \(stiffness), damping: \(damping), "
                + "initialVelocity: \(Self.vector(arguments.initialVelocity))))"
        }
    }

    /// The curve bits of both option sets (`UIViewAnimationOptionCurve…`).
    static let curveMask: UInt = 0xF << 16
    /// The keyframe calculation mode bits (`UIViewKeyframeAnimationOptionCalculationMode…`).
    static let calculationModeMask: UInt = 0x7 << 10

    /// An option set as Swift: the options Segue's UIKit names, by name (a keyframe block's
    /// calculation mode always, as it decides the motion; the curve when not the default, or
    /// always for a curve block, whose curve it is), and any other bits as `rawValue:`, so
    /// nothing is lost.
    static func optionList(_ raw: UInt, keyframes: Bool, namingDefaultCurve: Bool = false) -> String {
        let type = keyframes ? "UIView.KeyframeAnimationOptions" : "UIView.AnimationOptions"
        var names: [String] = []
        var rest = raw
        func take(_ bits: UInt, _ name: String) {
            guard raw & bits == bits else { return }
            names.append("." + name)
            rest &= ~bits
        }
        take(1 << 1, "allowUserInteraction")
        take(1 << 2, "beginFromCurrentState")
        if keyframes {
            let modes = ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                         "calculationModeCubic", "calculationModeCubicPaced"]
            let mode = Int((raw & calculationModeMask) >> 10)
            if mode < modes.count {
                names.append("." + modes[mode])
                rest &= ~calculationModeMask
            }
        }
        let curve = Int((raw & curveMask) >> 16)
        if curve < curveOptionNames.count, namingDefaultCurve || curve > 0 {
            names.append("." + curveOptionNames[curve])
            rest &= ~curveMask
        } else if curve == 0 {
            rest &= ~curveMask
        }
        if rest != 0 { names.append("\(type)(rawValue: \(rest))") }
        return "[" + names.joined(separator: ", ") + "]"
    }

    /// `UIView.AnimationOptions`' curve members, in `Curve`'s order (its named curves' raw values).
    static let curveOptionNames = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear"]

    private static func point(_ p: CGPoint) -> String { "CGPoint(x: \(Double(p.x)), y: \(Double(p.y)))" }
    private static func vector(_ v: CGVector) -> String { "CGVector(dx: \(Double(v.dx)), dy: \(Double(v.dy)))" }
}

extension AnimationTiming.Kind {
    /// A `UIViewPropertyAnimator`'s, started by its own call rather than run at once.
    var isPropertyAnimator: Bool {
        switch self {
        case .curveAnimator, .springAnimator, .physicalSpringAnimator: true
        case .curveBlock, .keyframeBlock, .springBlock: false
        }
    }
}

extension AnimationTiming.Curve {
    /// `UIView.AnimationCurve`'s case name.
    var caseName: String {
        switch self {
        case .easeInOut: "easeInOut"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .linear: "linear"
        case .custom: "custom"
        }
    }
}
