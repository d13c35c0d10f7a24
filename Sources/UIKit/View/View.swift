import Motion
import Synchronization

/// A rectangle on screen with UIKit's `UIView` API for what transitions use.
///
/// Every animatable property has a model value (what you set) and a presentation value (what is
/// on screen while animations run): setting a property inside an animation block changes the model
/// at once and the presentation follows over time.
@preconcurrency @MainActor open class UIView {
    // Stored properties are declared in the order the display-list builder reads them: a view whose
    // node it keeps is read for its revisions, animation count, id, subviews, flags, bounds origin and
    // dimming, and these sit together at the front, in as few cache lines as they fit. Worlds are
    // cold in the cache when their frame is built (docs/performance.md, "Hot fields first, small
    // objects"), so each line is a miss.

    /// Moves on every change to anything the display list draws of this view itself: model values,
    /// name, text, text color, font, text alignment, glyph, shadow, border, clipping, visibility,
    /// tint mode (`drawingDidChange`; a write of the value already there is no change: the
    /// navigation bar writes its labels' names and texts every frame). The builder reuses a node
    /// built from the same revision of a view with no running animation instead of recomputing it
    /// (`DisplayListBuilder`). Each view counts in a block of its own (`revisionBlockBits`), so two
    /// views never share a revision, even two that a hand-made tree gave the same display id.
    private(set) var drawRevision: UInt64
    /// Moves on every change below this view that a display list could show: a descendant's
    /// `drawRevision`, the subviews of this view or of a descendant, and an animation starting on a
    /// descendant (`descendantsDidChange`). The builder leaves the nodes of a subtree whose count
    /// has not moved where they are, without visiting its views (`DisplayListBuilder`). Counted in
    /// the view's own revision block, as `drawRevision` is.
    private(set) var descendantsRevision: UInt64
    /// How many running animations touch this view; its offsets are zero when none do. 32 bits, as
    /// `interactionBlockingAnimations`: the two share a word.
    var animationCount: Int32 = 0
    /// Running animations created without `.allowUserInteraction`: while any runs, hit-testing skips
    /// this view, as UIKit does.
    var interactionBlockingAnimations: Int32 = 0
    /// The id the display list gives this view; assigned by the window that first draws it.
    var displayID: UInt32 = 0
    /// How many of the last subviews stay in front of any subview added later (a window's status
    /// bar and home indicator, above every presentation as the system's own window is).
    var frontPinnedSubviewCount: Int32 = 0

    /// Not retained, and not `weak`: a weak reference would move the parent's reference counts to a
    /// side table, and every retain of a view with subviews would take the runtime's slow path
    /// (docs/performance.md, "No side-table reference counts on the per-frame path"). It never dangles: a child is owned by its parent's `subviews`,
    /// leaving them (`removeFromSuperview`, the only way out) clears this, and a parent going away
    /// clears it in its children (`deinit`). Debug builds check that on every read (`UnownedReference`).
    public internal(set) var superview: UIView? {
        get { superviewReference.object }
        set { superviewReference.object = newValue }
    }
    /// Backs `superview`; `descendantsDidChange` walks its addresses without retaining each view on the way.
    private var superviewReference = UnownedReference<UIView>("UIView.superview")
    /// `window`: the window this view is in, the farthest of its ancestors when that is a window;
    /// nil while it is in none.
    public var window: UIWindow? {
        var root = self
        while let next = root.superview { root = next }
        return root as? UIWindow
    }
    public internal(set) var subviews: [UIView] = [] {
        didSet { descendantsDidChange() }
    }
    public var isHidden = false {
        didSet { if isHidden != oldValue { drawingDidChange() } }
    }
    public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { drawingDidChange() } }
    }
    public var isUserInteractionEnabled = true
    /// The tint adjustment mode set on this view, `.automatic` unless set: what the builder reads
    /// (`tintAdjustmentMode` returns the effective mode, up the superview chain).
    private(set) var ownTintAdjustmentMode: TintAdjustmentMode = .automatic
    /// `tintAdjustmentMode`: the first mode other than `.automatic` up the superview chain from this
    /// view, `.normal` where there is none. `.dimmed` dims what is drawn in `tintColor` (a system
    /// button's title, a bar's glyphs) in this view and in the subviews that inherit it, and nothing
    /// else; set inside an animation block, the change animates. Each view whose mode changes gets
    /// `tintColorDidChange()`.
    public var tintAdjustmentMode: TintAdjustmentMode {
        get {
            var view: UIView? = self
            while let current = view {
                if current.ownTintAdjustmentMode != .automatic { return current.ownTintAdjustmentMode }
                view = current.superview
            }
            return .normal
        }
        set {
            let oldValue = ownTintAdjustmentMode
            guard newValue != oldValue else { return }
            let effectiveBefore = tintAdjustmentMode
            ownTintAdjustmentMode = newValue
            drawingDidChange()
            let level = newValue == .dimmed ? 1.0 : 0.0
            if level != model.dimming { setModel(.dimming, level.animationVector) }
            if tintAdjustmentMode != effectiveBefore { tintDidChange(color: false, mode: true) }
        }
    }

    /// `tintColor`: the first tint color set up the superview chain from this view, or the system
    /// blue; dimmed (`TintDimming.dimmed`) while `tintAdjustmentMode` is `.dimmed`. Setting nil
    /// inherits the superview's again. Each view whose tint color changes gets `tintColorDidChange()`.
    open var tintColor: UIColor! {
        get {
            let tint = undimmedTintColor
            return tintAdjustmentMode == .dimmed ? TintDimming.dimmed(tint) : tint
        }
        set {
            let before = undimmedTintColor
            ownTintColor = newValue
            if undimmedTintColor != before { tintDidChange(color: true, mode: false) }
        }
    }

    /// `tintColorDidChange()`: called on this view when its `tintColor` or `tintAdjustmentMode`
    /// changed, whether set on it or inherited (a superview's changed, or it moved to another
    /// superview). A view that draws in its tint color overrides it to draw again.
    open func tintColorDidChange() {}

    /// The weight of `text`'s font (`UILabel.font`, `UIButton.titleLabel?.font`).
    package var fontWeight: FontWeight = .regular {
        didSet { if fontWeight != oldValue { drawingDidChange() } }
    }
    /// A named vector icon drawn in the bounds in `textColor` (a tab item's, a bar button's).
    package var glyph: Glyph? {
        didSet { if glyph != oldValue { drawingDidChange() } }
    }
    /// Written through `setModel` or `replaceModel`, which count the change (`drawingDidChange`).
    /// Not an observer: that would copy the values on every write instead of changing them in place.
    var model = ModelValues()
    /// The running animations' offsets, out of line: most views never animate, and every session
    /// keeps every view. Made when the first animation starts on the view
    /// (`prepareForAnimations`) and kept, zeroed, after the last ends, so an animation ending and the
    /// next starting allocate nothing.
    private var offsetStorage: OffsetStorage?
    /// What the display list, the recorder and the testing kit call this view: its
    /// `accessibilityIdentifier` where set, otherwise a stable name of the kind of view ("view",
    /// "button-open" after a button's title; a controller's root view takes the controller's name).
    /// Setting it, as Segue's own views and containers do, sets the identifier.
    package var name: String {
        get { storedName }
        set {
            hasIdentifier = true
            storedName = newValue
        }
    }
    private var storedName: String {
        didSet { if storedName != oldValue { drawingDidChange() } }
    }
    /// Whether `name` was set (as `accessibilityIdentifier` or by Segue) rather than defaulted.
    private var hasIdentifier = false
    /// `textColor` is this view's tint color (a system button's title, a bar's glyph): dimming,
    /// which dims tint colors alone, dims it. Whoever sets the flag keeps `textColor` the undimmed
    /// tint (`undimmedTintColor`), and the builder dims it by the view's presentation dimming.
    package var textColorIsTint = false {
        didSet { if textColorIsTint != oldValue { drawingDidChange() } }
    }
    // The one-byte fields below sit in the padding after `hasIdentifier`, where they cost a view
    // nothing (ViewStorageTests pins a view's size).
    /// Where `text` sits across the bounds: centred for a plain view (a button's title, a bar's),
    /// `.natural` for a `UILabel`, whose `textAlignment` this is.
    package var textAlignment: NSTextAlignment = .center {
        didSet { if textAlignment != oldValue { drawingDidChange() } }
    }
    /// The most lines `text` wraps to, 0 for as many as fit: 1 for a plain view, a `UILabel`'s
    /// `numberOfLines` (clamped to 0…255) for a label.
    package var drawnNumberOfLines: UInt8 = 1 {
        didSet { if drawnNumberOfLines != oldValue { drawingDidChange() } }
    }
    /// `setNeedsLayout()` was called, or the bounds changed, since `layoutSubviews` last ran.
    var needsLayout = false
    /// `layoutSubviews` is running: the subviews it resizes do not mark it again.
    var isLayingOutSubviews = false
    /// This view or a view below it needs layout: the window's layout pass walks down these
    /// (`layOutSubtreeIfNeeded`) and skips every other subtree. Set on the way up by
    /// `setNeedsLayout`, so an ancestor of a flagged view is flagged.
    var subtreeNeedsLayout = false

    /// `accessibilityIdentifier`: how tests find this view, as XCUITest does; also the name the
    /// display list and recordings show for it. nil gives the view its default name back.
    public var accessibilityIdentifier: String? {
        get { hasIdentifier ? storedName : nil }
        set {
            hasIdentifier = newValue != nil
            storedName = newValue ?? defaultName
        }
    }

    /// The name of a view without an identifier.
    var defaultName: String { "view" }

    /// A subclass whose `defaultName` depends on its state (a button's title) calls this when it changes.
    func defaultNameDidChange() {
        if !hasIdentifier { storedName = defaultName }
    }

    public internal(set) var gestureRecognizers: [UIGestureRecognizer] = []

    /// Set on a window (from its screen) and on a controller's root view (by its container); other
    /// views take their superview's (`safeAreaInsets`). Boxed: few views have one.
    var assignedSafeAreaInsets: UIEdgeInsets? {
        get { rarelySetValues?.safeAreaInsets }
        set { setRarelySetValues(safeAreaInsets: newValue, tintColor: ownTintColor) }
    }
    /// The tint color set on this view (`tintColor`), nil where it inherits its superview's.
    var ownTintColor: UIColor? {
        get { rarelySetValues?.tintColor }
        set { setRarelySetValues(safeAreaInsets: assignedSafeAreaInsets, tintColor: newValue) }
    }
    /// Boxed together: few views have assigned insets or a tint color of their own.
    private var rarelySetValues: RarelySetValues?

    private func setRarelySetValues(safeAreaInsets: UIEdgeInsets?, tintColor: UIColor?) {
        rarelySetValues = safeAreaInsets == nil && tintColor == nil
            ? nil : RarelySetValues(safeAreaInsets: safeAreaInsets, tintColor: tintColor)
    }

    // What the display list draws of a view beyond its animatable values: its text and its layer's
    // shadow and border. Segue's own views (bars, tab items, buttons) set these directly; an app
    // sets them the UIKit way, through `UILabel`, `UIButton.titleLabel` and `layer`.

    /// The view's text, in at most `drawnNumberOfLines` lines centred vertically and placed across
    /// the bounds by `textAlignment`; nil draws none. `UILabel.text`.
    package var text: String? {
        didSet { if text != oldValue { drawingDidChange() } }
    }
    /// The color of `text` and of `glyph`; nil sets black. `UILabel.textColor`.
    package var textColor: UIColor! {
        get { storedTextColor }
        set {
            let color = newValue ?? .black
            if color != storedTextColor {
                storedTextColor = color
                drawingDidChange()
            }
        }
    }
    /// `textColor`, as the display-list builder reads it (no optional to unwrap on the frame path).
    private(set) var storedTextColor = UIColor.black
    /// The size of `text`'s font, in points (`UILabel.font`, `UIButton.titleLabel?.font`).
    package var fontSize: Double = 17 {
        didSet { if fontSize != oldValue { drawingDidChange() } }
    }

    /// CALayer's shadow and border, kept as the display list carries them. Not animatable (as on a
    /// layer, they change at once); a shadow follows the view's alpha and transform when drawn.
    package var shadow: Shadow {
        get { layerStyle.shadow }
        set { layerStyle.shadow = newValue }
    }
    package var border: Border {
        get { layerStyle.border }
        set { layerStyle.border = newValue }
    }
    /// What a layer has and a view does not (`CALayer`): the shadow, the border, and how their
    /// colors and the rounded corners were set. Kept out of line, in a box that is nil while all of
    /// it is the default (most views: no shadow, no border).
    var layerStyle: LayerStyle {
        get { layerStyleBox?.style ?? .default }
        set {
            guard newValue != layerStyle else { return }
            layerStyleBox = newValue == .default ? nil : LayerStyleBox(newValue)
            drawingDidChange()
        }
    }
    private var layerStyleBox: LayerStyleBox?
    /// `tag`: an integer the app gives the view to tell it apart (`viewWithTag(_:)`). Among whole
    /// words, not among the one-byte flags above it, where its alignment padded every view by 16
    /// bytes (ViewStorageTests pins a view's size).
    public var tag = 0
    /// Whether the view has a shadow or a border: most have neither.
    var hasLayerStyle: Bool { layerStyleBox != nil }

    /// `layer`: the view's Core Animation layer, for what UIKit sets there (corner radius,
    /// clipping, shadow, border). A value naming this view's layer, made on each read, which costs
    /// the view nothing (`CALayer`).
    public var layer: CALayer { CALayer(owner: self) }

    /// `layer.shadowColor`: black by default.
    package var shadowColor: UIColor {
        get { shadow.color }
        set { layer.shadowColor = newValue.cgColor }
    }

    /// `layer.shadowOpacity`: 0 (no shadow) by default.
    package var shadowOpacity: Double {
        get { shadow.opacity }
        set { shadow.opacity = min(max(newValue, 0), 1) }
    }

    /// `layer.shadowRadius`, pt: 3 by default.
    package var shadowRadius: Double {
        get { shadow.radius }
        set { shadow.radius = max(newValue, 0) }
    }

    /// `layer.shadowOffset`, pt: (0, −3) by default, as on iOS.
    package var shadowOffset: CGSize {
        get { shadow.offset }
        set { shadow.offset = newValue }
    }

    /// `layer.borderWidth`, pt, drawn inside the bounds: 0 by default.
    package var borderWidth: Double {
        get { border.width }
        set { border.width = max(newValue, 0) }
    }

    /// `layer.borderColor`: black by default.
    package var borderColor: UIColor {
        get { border.color }
        set { layer.borderColor = newValue.cgColor }
    }

    /// `init(frame:)`: a view with `frame` and no superview.
    public init(frame: CGRect) {
        storedName = "view"
        drawRevision = UIView.lastRevisionBlock.add(1, ordering: .relaxed).newValue << UIView.revisionBlockBits
        descendantsRevision = drawRevision
        model.bounds = CGRect(origin: .zero, size: frame.size)
        model.center = CGPoint(x: frame.midX, y: frame.midY)
        storedName = defaultName
    }

    public convenience init() {
        self.init(frame: .zero)
    }

    /// `init?(coder:)`, required as in UIKit, for subclasses written for it: there are no archives
    /// here (storyboards, nibs), so it makes no view.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A view named `name` before it has an identifier of its own: the names Segue's own views
    /// carry in the display list (the bars, a presentation's container).
    package convenience init(frame: CGRect = .zero, name: String) {
        self.init(frame: frame)
        self.name = name
    }

    /// Children and recognizers that outlive their view (kept by a controller) must not point at it.
    deinit {
        uncheckedMainActor {
            for subview in subviews { subview.superview = nil }
            for recognizer in gestureRecognizers { recognizer.view = nil }
        }
    }

    // MARK: Animatable properties

    public var center: CGPoint {
        get { model.center }
        set { setModel(.center, newValue.animationVector) }
    }

    public var bounds: CGRect {
        get { model.bounds }
        set { setModel(.bounds, newValue.animationVector) }
    }

    public var transform: CGAffineTransform {
        get { model.transform }
        set { setModel(.transform, newValue.animationVector) }
    }

    public var alpha: Double {
        get { model.alpha }
        set { setModel(.alpha, newValue.animationVector) }
    }

    public var backgroundColor: UIColor? {
        get { model.backgroundColor == .clear ? nil : model.backgroundColor }
        set { setModel(.backgroundColor, (newValue ?? .clear).animationVector) }
    }

    /// `layer.cornerRadius`, in points; animatable, as UIKit animates a layer's corner radius in
    /// an animation block.
    package var cornerRadius: Double {
        get { model.cornerRadius }
        set { setModel(.cornerRadius, newValue.animationVector) }
    }

    /// Every model write goes through here, so an open animation block sees the old value.
    func setModel(_ property: AnimatableProperty, _ value: AnimationVector) {
        let old = model[property]
        if old == value { return }
        if AnimationEngine.anyRecordingOpen { AnimationEngine.current?.willChange(self, property, from: old) }
        model[property] = value
        drawingDidChange()
        if property == .bounds { boundsDidChange(from: CGRect(animationVector: old)) }
    }

    /// Writes a model value past the animation bookkeeping: the engine folding an animation's
    /// offset into the model, or reverting one.
    func replaceModel(_ property: AnimatableProperty, with value: AnimationVector) {
        model[property] = value
        drawingDidChange()
    }

    /// A revision is a view's block number in the high bits and its count of changes in the low
    /// ones: 2³² changes to one view before its count could reach the next view's block, which a
    /// world changing a view every frame at 60 fps reaches in two years.
    static let revisionBlockBits: UInt64 = 32
    private static let lastRevisionBlock = Atomic<UInt64>(0)

    // MARK: Layout (View+Layout.swift)

    /// `layoutSubviews()`: places the subviews for the current bounds. The layout pass calls it on
    /// a view marked as needing layout, before the next frame is drawn; never call it directly
    /// (call `setNeedsLayout()` or `layoutIfNeeded()`). Does nothing by default: a subclass that
    /// lays its subviews out by hand overrides it; what it marks below is laid out in the same pass.
    open func layoutSubviews() {}

    /// `setNeedsLayout()`: marks the view, so that `layoutSubviews()` runs before the next frame is
    /// drawn, once however many times it was marked until then.
    open func setNeedsLayout() {
        markNeedsLayout()
    }

    /// `layoutIfNeeded()`: runs the pending layout of this view's subtree now, top down, so that
    /// frames read right after it (or animated, inside an animation block) are the laid-out ones.
    /// Does nothing when nothing in the subtree is marked.
    open func layoutIfNeeded() {
        layOutMarkedViews()
    }

    /// Flags this view as needing layout and, on the way up, its ancestors as having a flagged view
    /// below them (`subtreeNeedsLayout`), stopping at the first already flagged: an ancestor of a
    /// flagged view is always flagged. Not on the per-frame path (a size change or
    /// `setNeedsLayout`), so the ordinary `superview` walk.
    func markNeedsLayout() {
        needsLayout = true
        var view: UIView? = self
        while let current = view, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            view = current.superview
        }
    }

    /// Counts a change to what the display list draws of this view (`drawRevision`).
    func drawingDidChange() {
        drawRevision &+= 1
        superviewDescendantsDidChange()
    }

    /// Moves `descendantsRevision` here and in every ancestor. The walk up is a few addresses, no
    /// retain and release of each view on the way (they were as much again as the write itself).
    /// The animation engine calls it on a view's superview as the view's first animation
    /// starts: a running animation moves the view without a model write.
    func descendantsDidChange() {
        var view = Unmanaged.passUnretained(self)
        while true {
            let parent = view._withUnsafeGuaranteedRef { view in
                view.descendantsRevision &+= 1
                return view.superviewReference.unmanaged
            }
            guard let parent else { return }
            view = parent
        }
    }

    /// `descendantsDidChange` from the superview up: a change to this view itself.
    private func superviewDescendantsDidChange() {
        superviewReference.unmanaged?._withUnsafeGuaranteedRef { $0.descendantsDidChange() }
    }

    /// Counts one more running animation on this view; see `descendantsDidChange`.
    func animationDidStart() {
        animationCount += 1
        if animationCount == 1 { superviewDescendantsDidChange() }
    }

    /// What the running animations add to the model, property by property (zero when none run).
    /// Written only by the animation engine, on a view it has prepared (`prepareForAnimations`).
    var offsets: PresentationOffsets {
        get { offsetStorage?.offsets ?? PresentationOffsets() }
        _modify {
            if offsetStorage == nil { offsetStorage = OffsetStorage() }
            yield &offsetStorage!.offsets
        }
    }

    /// Makes room for animation offsets; the engine calls it as an animation starts on this view,
    /// so that evaluating frames allocates nothing.
    func prepareForAnimations() {
        if offsetStorage == nil { offsetStorage = OffsetStorage() }
    }

    func presentationVector(_ property: AnimatableProperty) -> AnimationVector {
        animationCount == 0 ? model[property] : model[property] + offsets[property]
    }

    /// Every presentation value at once, as `presentationVector` gives them one by one.
    var presentationValues: ModelValues {
        animationCount == 0 ? model : model.adding(offsets)
    }

    /// What the view keeps out of its own object and a frame reads: the running animations'
    /// offsets and the subviews (`UIWindow.visitFrameMemory`).
    func visitOutOfLineStorage<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        if let offsetStorage { visitor.visit(offsetStorage) }
        visitor.visit(subviews)
    }

    /// What is on screen now (`layer.presentation()`): the model plus every running animation,
    /// as of the last time the window evaluated its animations.
    public var presentation: Presentation { Presentation(view: self) }
}

extension UIView {
    /// `UIView.TintAdjustmentMode`: `.dimmed` dims the tint color of a view and, through
    /// `.automatic`, of its subviews; `.normal` keeps it as it is.
    public nonisolated enum TintAdjustmentMode: Int, Sendable {
        case automatic, normal, dimmed
    }
}

/// A view's presentation values at one moment (`UIView.presentation`): nested in `UIView`, so an
/// app's own `Presentation` type keeps its name.
extension UIView {
    public struct Presentation {
        public let center: CGPoint
        public let bounds: CGRect
        public let transform: CGAffineTransform
        public let alpha: Double
        public let backgroundColor: UIColor
        public let cornerRadius: Double

        init(view: UIView) {
            center = CGPoint(animationVector: view.presentationVector(.center))
            bounds = CGRect(animationVector: view.presentationVector(.bounds))
            transform = CGAffineTransform(animationVector: view.presentationVector(.transform))
            alpha = Double(animationVector: view.presentationVector(.alpha))
            backgroundColor = UIColor(animationVector: view.presentationVector(.backgroundColor))
            cornerRadius = Double(animationVector: view.presentationVector(.cornerRadius))
        }

        public var frame: CGRect { UIView.frame(center: center, bounds: bounds, transform: transform) }
    }
}

/// A view's layer style, out of line (`UIView.layerStyle`). Immutable: a change makes a new one, as
/// changes are rare (a view's setup).
private final class LayerStyleBox {
    let style: LayerStyle

    init(_ style: LayerStyle) {
        self.style = style
    }
}

/// A view's animation offsets, out of line (`UIView.offsets`).
private final class OffsetStorage {
    var offsets = PresentationOffsets()
}

/// A view's assigned safe-area insets (`UIView.assignedSafeAreaInsets`: only windows and
/// controllers' root views have them) and its own tint color (`UIView.tintColor`), out of line.
private final class RarelySetValues {
    let safeAreaInsets: UIEdgeInsets?
    let tintColor: UIColor?

    init(safeAreaInsets: UIEdgeInsets?, tintColor: UIColor?) {
        self.safeAreaInsets = safeAreaInsets
        self.tintColor = tintColor
    }
}
