import Motion

/// One view as drawn: everything a renderer needs, already flattened (ancestor transforms and
/// alphas applied, dimming mixed into the colors), and the same geometry and opacity relative to
/// the parent node, which is what the wire sends (a moving parent then moves no child record).
public struct DisplayNode: Equatable, Sendable {
    /// Stable for the life of the view within its window.
    public var id: UInt32
    public var name: String
    /// Depth below the window (the window is 0).
    public var depth: UInt16
    /// How many of the nodes that follow are this node's descendants: a clip applies to exactly those.
    public var descendantCount: UInt32
    /// The bounds size; the node covers (0, 0)–(width, height) in its local space.
    public var size: Size
    /// Maps local (x, y) to viewport points: (a·x + c·y + tx, b·x + d·y + ty).
    public var transform: AffineTransform
    /// Maps local (x, y) to the parent node's local space (the parent's (0, 0)–(width, height));
    /// `transform` is this followed by the parent's `transform`. For a node at depth 0 the two agree.
    public var localTransform: AffineTransform
    /// Effective opacity: the product of every ancestor's alpha and this view's.
    public var alpha: Double
    /// This view's own opacity: `alpha` over the parent node's `alpha`.
    public var ownAlpha: Double
    public var backgroundColor: Color
    public var cornerRadius: Double
    /// Whether descendants are clipped to this node's (rounded) rectangle.
    public var clipsToBounds: Bool
    public var text: String?
    public var textColor: Color
    public var fontSize: Double
    public var fontWeight: FontWeight
    /// Drawn under the node, in viewport points along its transform (`Shadow.none` when it has none).
    public var shadow: Shadow
    public var border: Border
    /// A vector icon drawn in the node's bounds, tinted with `textColor`; nil for none.
    public var glyph: Glyph?

    public init(id: UInt32, name: String, depth: UInt16 = 0, descendantCount: UInt32 = 0, size: Size = .zero,
                transform: AffineTransform = .identity, localTransform: AffineTransform? = nil,
                alpha: Double = 1, ownAlpha: Double? = nil, backgroundColor: Color = .clear,
                cornerRadius: Double = 0, clipsToBounds: Bool = false, text: String? = nil,
                textColor: Color = .black, fontSize: Double = 17, fontWeight: FontWeight = .regular,
                shadow: Shadow = .none, border: Border = .none, glyph: Glyph? = nil) {
        self.id = id
        self.name = name
        self.depth = depth
        self.descendantCount = descendantCount
        self.size = size
        self.transform = transform
        self.localTransform = localTransform ?? transform
        self.alpha = alpha
        self.ownAlpha = ownAlpha ?? alpha
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.clipsToBounds = clipsToBounds
        self.text = text
        self.textColor = textColor
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.shadow = shadow
        self.border = border
        self.glyph = glyph
    }
}

/// The flattened, paint-ordered list of what is on screen: the only thing the server and the
/// recorder read from a window.
public struct DisplayList: Equatable, Sendable {
    public var viewport: Size
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

    public init(viewport: Size = .zero, nodes: [DisplayNode] = [], hint: String = "") {
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
