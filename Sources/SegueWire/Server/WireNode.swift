import Motion
import SegueValues

/// The steps the wire rounds values to (docs/protocol.md, "Quantisation"): finer than a device
/// pixel at 3× for lengths, and than a pixel of a 1000-point view for matrix entries.
enum WireStep {
    /// Lengths (translation, size, corner radius, viewport) in 1/64 pt.
    static let lengthsPerPoint = 64.0
    /// Matrix entries a, b, c, d in 1/1024.
    static let matrixUnitsPerOne = 1024.0
    /// Own opacity in 1/255, the canvas's own alpha resolution.
    static let alphaSteps = 255.0
    /// Progress in 1/65535 of the transition.
    static let progressSteps = 65535.0
    /// Quantised values stay within ±2²⁹ units so a difference of two always fits an Int32.
    static let limit = Double(1 << 29)

    /// round(value × units), clamped to ±`limit`; NaN is 0. Rounding is half away from zero.
    static func quantise(_ value: Double, _ units: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        return Int32(roundedHalfAwayFromZero(min(max(value * units, -limit), limit)))
    }
}

/// One node's own values as the wire carries them, relative to its parent and quantised. The
/// encoder keeps, per node, exactly what the page reconstructs, and compares these to decide
/// what changed: the two ends therefore never drift apart, however long a run of small moves.
/// A new node starts from `WireNode()`, the defaults both ends assume.
///
/// An encoder keeps one per node of its connection, so the layout is kept small: the shadow and
/// border, which few nodes have, live in a box (nil for none), and the one-byte fields share a word.
struct WireNode: Equatable, Sendable {
    /// a, b, c, d of the local transform, 1/1024.
    var linear = SIMD4<Int32>(1024, 0, 0, 1024)
    /// tx, ty of the local transform, 1/64 pt.
    var position = SIMD2<Int32>(0, 0)
    /// width, height, 1/64 pt.
    var size = SIMD2<Int32>(0, 0)
    var background: UInt32 = 0
    /// 1/64 pt, never negative.
    var cornerRadius: Int32 = 0
    var fontSize: Float = 17
    var textColor: UInt32 = WireNode.opaqueBlack
    /// Own opacity, 0…255.
    var alpha: UInt8 = 255
    var clipsToBounds = false
    var fontWeight = FontWeight.regular
    var glyph: Glyph?
    var textAlignment = TextAlignment.center
    var numberOfLines: UInt8 = 1
    var corners = Corners.all
    var name = ""
    var text: String?
    /// The shadow and border, or nil when both are none.
    private var decoration: WireDecoration?

    var shadowColor: UInt32 {
        get { decoration?.values.shadowColor ?? 0 }
        set { modifyDecoration { $0.shadowColor = newValue } }
    }
    /// Opacity, radius, offset x, offset y; all zero for none.
    var shadow: SIMD4<Float> {
        get { decoration?.values.shadow ?? SIMD4() }
        set { modifyDecoration { $0.shadow = newValue } }
    }
    var borderWidth: Float {
        get { decoration?.values.borderWidth ?? 0 }
        set { modifyDecoration { $0.borderWidth = newValue } }
    }
    var borderColor: UInt32 {
        get { decoration?.values.borderColor ?? 0 }
        set { modifyDecoration { $0.borderColor = newValue } }
    }

    /// Changes the shadow and border together, keeping the box nil exactly when both are none (so
    /// the synthesized `==` compares what the client holds), and changing a box this node alone
    /// holds in place.
    private mutating func modifyDecoration(_ change: (inout WireDecoration.Values) -> Void) {
        var values = decoration?.values ?? WireDecoration.Values()
        change(&values)
        if values == WireDecoration.Values() {
            decoration = nil
        } else if isKnownUniquelyReferenced(&decoration) {
            decoration!.values = values
        } else {
            decoration = WireDecoration(values)
        }
    }

    static let opaqueBlack = UIColor.black.packedRGBA

    init() {}

    /// Moves to `node`'s own values at the wire's steps and returns the sections that changed.
    /// Assigns only what differs, so an unchanged name or text is not even retained again. Reads
    /// the node through a pointer: a node passed by value beside this mutation was copied whole.
    mutating func update(to node: UnsafePointer<DisplayNode>) -> NodeFields {
        var fields: NodeFields = []
        updateGeometry(to: node, noting: &fields)
        updatePaint(to: node, noting: &fields)
        updateText(to: node, noting: &fields)
        // A shadow or border that draws nothing is sent as none, so it costs nothing. Most nodes have
        // neither, here or on the wire: then neither box is read (each read retains it).
        if node.pointee.isDecorated || decoration != nil { updateDecoration(to: node, noting: &fields) }
        Self.assign(node.pointee.glyph, to: &glyph, noting: .glyph, in: &fields)
        return fields
    }

    /// Sets `field` to `value` when they differ, and then notes `section` in `fields`.
    @inline(__always)
    private static func assign<Value: Equatable>(_ value: Value, to field: inout Value, noting section: NodeFields,
                                                 in fields: inout NodeFields) {
        if value != field {
            field = value
            fields.insert(section)
        }
    }

    /// The local transform's translation and linear part, and the size.
    @inline(__always)
    private mutating func updateGeometry(to node: UnsafePointer<DisplayNode>, noting fields: inout NodeFields) {
        let t = node.pointee.localTransform
        let newPosition = SIMD2(WireStep.quantise(t.tx, WireStep.lengthsPerPoint),
                                WireStep.quantise(t.ty, WireStep.lengthsPerPoint))
        Self.assign(newPosition, to: &position, noting: .position, in: &fields)
        let newSize = SIMD2(WireStep.quantise(node.pointee.size.width, WireStep.lengthsPerPoint),
                            WireStep.quantise(node.pointee.size.height, WireStep.lengthsPerPoint))
        Self.assign(newSize, to: &size, noting: .size, in: &fields)
        let newLinear = SIMD4(WireStep.quantise(t.a, WireStep.matrixUnitsPerOne),
                              WireStep.quantise(t.b, WireStep.matrixUnitsPerOne),
                              WireStep.quantise(t.c, WireStep.matrixUnitsPerOne),
                              WireStep.quantise(t.d, WireStep.matrixUnitsPerOne))
        Self.assign(newLinear, to: &linear, noting: .linear, in: &fields)
    }

    /// Own opacity, colors, and the corner radius with the clipping it shapes.
    @inline(__always)
    private mutating func updatePaint(to node: UnsafePointer<DisplayNode>, noting fields: inout NodeFields) {
        let newAlpha = UInt8(WireStep.quantise(min(max(node.pointee.ownAlpha, 0), 1), WireStep.alphaSteps))
        Self.assign(newAlpha, to: &alpha, noting: .alpha, in: &fields)
        Self.assign(node.pointee.backgroundColor.packedRGBA, to: &background, noting: .backgroundColor, in: &fields)
        Self.assign(node.pointee.textColor.packedRGBA, to: &textColor, noting: .textColor, in: &fields)
        let newRadius = max(WireStep.quantise(node.pointee.cornerRadius, WireStep.lengthsPerPoint), 0)
        if newRadius != cornerRadius || node.pointee.clipsToBounds != clipsToBounds {
            cornerRadius = newRadius
            clipsToBounds = node.pointee.clipsToBounds
            fields.insert(.shape)
        }
        Self.assign(node.pointee.roundedCorners, to: &corners, noting: .corners, in: &fields)
    }

    /// The name and text, compared in place before either is assigned, the font and the layout.
    @inline(__always)
    private mutating func updateText(to node: UnsafePointer<DisplayNode>, noting fields: inout NodeFields) {
        if node.pointee.name != name {
            name = node.pointee.name
            fields.insert(.name)
        }
        if node.pointee.text != text {
            text = node.pointee.text
            fields.insert(.text)
        }
        Self.assign(Float(node.pointee.fontSize), to: &fontSize, noting: .fontSize, in: &fields)
        Self.assign(node.pointee.fontWeight, to: &fontWeight, noting: .fontWeight, in: &fields)
        if node.pointee.textAlignment != textAlignment || node.pointee.numberOfLines != numberOfLines {
            textAlignment = node.pointee.textAlignment
            numberOfLines = node.pointee.numberOfLines
            fields.insert(.textLayout)
        }
    }

    /// The shadow and border, each read from the node's box once.
    @inline(__always)
    private mutating func updateDecoration(to node: UnsafePointer<DisplayNode>, noting fields: inout NodeFields) {
        let nodeShadow = node.pointee.shadow, nodeBorder = node.pointee.border
        let visibleShadow = nodeShadow.isVisible
        let newShadow = visibleShadow
            ? SIMD4(Float(nodeShadow.opacity), Float(nodeShadow.radius), Float(nodeShadow.offset.width),
                    Float(nodeShadow.offset.height))
            : SIMD4<Float>()
        let newShadowColor = visibleShadow ? nodeShadow.color.packedRGBA : 0
        if newShadow != shadow || newShadowColor != shadowColor {
            modifyDecoration {
                $0.shadow = newShadow
                $0.shadowColor = newShadowColor
            }
            fields.insert(.shadow)
        }
        let visibleBorder = nodeBorder.isVisible
        let newBorderWidth = visibleBorder ? Float(nodeBorder.width) : 0
        let newBorderColor = visibleBorder ? nodeBorder.color.packedRGBA : 0
        if newBorderWidth != borderWidth || newBorderColor != borderColor {
            modifyDecoration {
                $0.borderWidth = newBorderWidth
                $0.borderColor = newBorderColor
            }
            fields.insert(.border)
        }
    }

    /// The node's own values as the page sees them; `transform` and `alpha` are still the local
    /// ones until the decoder composes them with the parent's.
    func displayNode(id: UInt32, depth: UInt16) -> DisplayNode {
        let local = CGAffineTransform(
            a: Double(linear[0]) / WireStep.matrixUnitsPerOne, b: Double(linear[1]) / WireStep.matrixUnitsPerOne,
            c: Double(linear[2]) / WireStep.matrixUnitsPerOne, d: Double(linear[3]) / WireStep.matrixUnitsPerOne,
            tx: Double(position.x) / WireStep.lengthsPerPoint, ty: Double(position.y) / WireStep.lengthsPerPoint)
        let ownAlpha = Double(alpha) / WireStep.alphaSteps
        let shadowValue = Shadow(color: UIColor(packedRGBA: shadowColor), opacity: Double(shadow[0]),
                                 radius: Double(shadow[1]),
                                 offset: CGSize(width: Double(shadow[2]), height: Double(shadow[3])))
        let borderValue = Border(width: Double(borderWidth), color: UIColor(packedRGBA: borderColor))
        return DisplayNode(
            id: id, name: name, depth: depth,
            size: CGSize(width: Double(size.x) / WireStep.lengthsPerPoint, height: Double(size.y) / WireStep.lengthsPerPoint),
            transform: local, localTransform: local, alpha: ownAlpha, ownAlpha: ownAlpha,
            backgroundColor: UIColor(packedRGBA: background),
            cornerRadius: Double(cornerRadius) / WireStep.lengthsPerPoint, clipsToBounds: clipsToBounds, text: text,
            textColor: UIColor(packedRGBA: textColor), fontSize: Double(fontSize), fontWeight: fontWeight,
            textAlignment: textAlignment, numberOfLines: numberOfLines, roundedCorners: corners,
            shadow: shadowValue.isVisible ? shadowValue : .none, border: borderValue.isVisible ? borderValue : .none,
            glyph: glyph)
    }
}

/// A node's shadow and border as the wire carries them, out of line: values (and the padding
/// they bring) that most nodes would carry as zeros. Changed only through
/// `WireNode.modifyDecoration`, in place only when one node holds it (copy on write).
private final class WireDecoration: Equatable, @unchecked Sendable {
    struct Values: Equatable {
        var shadow = SIMD4<Float>()
        var shadowColor: UInt32 = 0
        var borderWidth: Float = 0
        var borderColor: UInt32 = 0
    }

    var values: Values

    init(_ values: Values) {
        self.values = values
    }

    static func == (lhs: WireDecoration, rhs: WireDecoration) -> Bool {
        lhs === rhs || lhs.values == rhs.values
    }
}

extension Array where Element == UInt8 {
    /// Zigzag (0, −1, 1, −2 … → 0, 1, 2, 3 …) then LEB128: small differences of either sign take one byte.
    mutating func appendSignedVarint(_ value: Int32) {
        appendVarint(UInt32(bitPattern: (value << 1) ^ (value >> 31)))
    }
}

extension ByteReader {
    mutating func readSignedVarint() -> Int32? {
        readVarint().map { Int32(bitPattern: ($0 >> 1) ^ (0 &- ($0 & 1))) }
    }
}
