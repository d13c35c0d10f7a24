import Motion

/// One view as drawn: everything a renderer needs, already flattened (ancestor transforms and
/// alphas applied, dimming mixed into the colors), and the same geometry and opacity relative to
/// the parent node, which is what the wire sends (a moving parent then moves no child record).
///
/// Every session keeps a node per visible view, so the layout is kept small:
/// the shadow and border, which few views have, live in one shared box (nil when both are none),
/// and the small fields share a word. Fields are declared in the order the display-list builder
/// writes them each frame.
public struct DisplayNode: Equatable, Sendable {
    /// Stable for the life of the view within its window.
    public var id: UInt32
    /// Depth below the window (the window is 0).
    public var depth: UInt16
    /// Whether descendants are clipped to this node's (rounded) rectangle.
    public var clipsToBounds: Bool
    public var fontWeight: FontWeight
    /// How many of the nodes that follow are this node's descendants: a clip applies to exactly those.
    public var descendantCount: UInt32
    /// A vector icon drawn in the node's bounds, tinted with `textColor`; nil for none.
    public var glyph: Glyph?
    /// Where `text` sits across the bounds.
    public var textAlignment: TextAlignment
    /// The most lines `text` wraps to, as `UILabel.numberOfLines`: 0 for as many as the bounds'
    /// height holds, 1 (the default) for one line, truncated with an ellipsis when too long.
    /// Counts above 255 are drawn as 255 (a label of 256 lines is over 5,000 pt tall).
    public var numberOfLines: UInt8
    /// Which corners `cornerRadius` rounds (CALayer's `maskedCorners`): the shape, clip, shadow
    /// and border all follow it.
    public var roundedCorners: Corners
    /// Maps local (x, y) to viewport points: (a·x + c·y + tx, b·x + d·y + ty).
    public var transform: CGAffineTransform
    /// Effective opacity: the product of every ancestor's alpha and this view's.
    public var alpha: Double
    /// Maps local (x, y) to the parent node's local space (the parent's (0, 0)–(width, height));
    /// `transform` is this followed by the parent's `transform`. For a node at depth 0 the two agree.
    public var localTransform: CGAffineTransform
    /// This view's own opacity: `alpha` over the parent node's `alpha`.
    public var ownAlpha: Double
    /// The bounds size; the node covers (0, 0)–(width, height) in its local space.
    public var size: CGSize
    public var backgroundColor: UIColor
    public var cornerRadius: Double
    public var name: String
    public var text: String?
    public var textColor: UIColor
    public var fontSize: Double
    /// The shadow and border, or nil when both are none (`NodeDecoration`). Seen by the inlined
    /// getters below: a getter called out of line is handed a copy of the whole node.
    @usableFromInline private(set) var decoration: NodeDecoration?

    /// Drawn under the node, in viewport points along its transform (`Shadow.none` when it has none).
    public var shadow: Shadow {
        @inlinable get { decoration?.shadow ?? .none }
        set { setDecoration(shadow: newValue, border: border) }
    }

    public var border: Border {
        @inlinable get { decoration?.border ?? .none }
        set { setDecoration(shadow: shadow, border: newValue) }
    }

    public init(id: UInt32, name: String, depth: UInt16 = 0, descendantCount: UInt32 = 0, size: CGSize = .zero,
                transform: CGAffineTransform = .identity, localTransform: CGAffineTransform? = nil,
                alpha: Double = 1, ownAlpha: Double? = nil, backgroundColor: UIColor = .clear,
                cornerRadius: Double = 0, clipsToBounds: Bool = false, text: String? = nil,
                textColor: UIColor = .black, fontSize: Double = 17, fontWeight: FontWeight = .regular,
                textAlignment: TextAlignment = .center, numberOfLines: UInt8 = 1,
                roundedCorners: Corners = .all, shadow: Shadow = .none, border: Border = .none,
                glyph: Glyph? = nil) {
        self.id = id
        self.depth = depth
        self.clipsToBounds = clipsToBounds
        self.fontWeight = fontWeight
        self.descendantCount = descendantCount
        self.glyph = glyph
        self.textAlignment = textAlignment
        self.numberOfLines = numberOfLines
        self.roundedCorners = roundedCorners
        self.transform = transform
        self.alpha = alpha
        self.localTransform = localTransform ?? transform
        self.ownAlpha = ownAlpha ?? alpha
        self.size = size
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.name = name
        self.text = text
        self.textColor = textColor
        self.fontSize = fontSize
        setDecoration(shadow: shadow, border: border)
    }

    /// Whether the node has a shadow or a border.
    @inlinable package var isDecorated: Bool { decoration != nil }

    /// Whether the shadow and border are `shadow` and `border`: one check of the box for the
    /// common case of neither, instead of comparing two structs of `Double`s field by field.
    package func hasDecoration(shadow: Shadow, border: Border) -> Bool {
        guard let decoration else { return shadow == .none && border == .none }
        return decoration.shadow == shadow && decoration.border == border
    }

    /// Stores both, keeping the box nil exactly when both are none (so the synthesized `==`, which
    /// compares the boxes by value, compares what is drawn). A box this node alone holds is
    /// changed in place: a border whose color dims frame by frame allocates nothing.
    package mutating func setDecoration(shadow: Shadow, border: Border) {
        if shadow == .none && border == .none {
            decoration = nil
        } else if isKnownUniquelyReferenced(&decoration) {
            decoration!.shadow = shadow
            decoration!.border = border
        } else {
            decoration = NodeDecoration(shadow: shadow, border: border)
        }
    }
}

/// A node's shadow and border, out of line: most nodes would carry them as none.
/// Mutable only through `DisplayNode.setDecoration`, and then only when that node holds the sole
/// reference (copy on write), so sharing one between copies of a node is safe.
@usableFromInline final class NodeDecoration: Equatable, @unchecked Sendable {
    @usableFromInline var shadow: Shadow
    @usableFromInline var border: Border

    init(shadow: Shadow, border: Border) {
        self.shadow = shadow
        self.border = border
    }

    @usableFromInline static func == (lhs: NodeDecoration, rhs: NodeDecoration) -> Bool {
        lhs === rhs || (lhs.shadow == rhs.shadow && lhs.border == rhs.border)
    }
}

/// The flattened, paint-ordered list of what is on screen: the only thing the server and the
/// recorder read from a window.
public struct DisplayList: Equatable, Sendable {
    public var viewport: CGSize
    /// Editing the nodes here forgets `changes`: the list is then no longer what its builder wrote,
    /// and an encoder compares every node again.
    public var nodes: [DisplayNode] {
        get { storedNodes }
        set {
            storedNodes = newValue
            changes.forget()
        }
        _modify {
            changes.forget()
            yield &storedNodes
        }
    }
    /// What the visible screen tells a person to do ("Swipe from the left edge…"); empty for none.
    /// The page shows it in its hint pill.
    public var hint: String
    /// The nodes, written by a builder without forgetting `changes`.
    package var storedNodes: [DisplayNode]
    /// Which build wrote the nodes, and when each last changed: lets an encoder skip unchanged nodes.
    package var changes = NodeChanges()

    public init(viewport: CGSize = .zero, nodes: [DisplayNode] = [], hint: String = "") {
        self.viewport = viewport
        self.storedNodes = nodes
        self.hint = hint
    }

    public func node(named name: String) -> DisplayNode? {
        storedNodes.first { $0.name == name }
    }

    /// Two lists are equal when they draw the same: how they were built does not count.
    public static func == (lhs: DisplayList, rhs: DisplayList) -> Bool {
        lhs.viewport == rhs.viewport && lhs.hint == rhs.hint && lhs.storedNodes == rhs.storedNodes
    }

    /// Becomes a copy of `other`, change log included, in this list's own storage: whoever keeps a
    /// list from frame to frame (a shared world's published frame) copies without allocating, and
    /// an encoder of the copy can still skip unchanged nodes.
    package mutating func copyContents(of other: DisplayList) {
        viewport = other.viewport
        if hint != other.hint { hint = other.hint }
        storedNodes.removeAll(keepingCapacity: true)
        storedNodes.append(contentsOf: other.storedNodes)
        changes.copyContents(of: other.changes)
    }
}
