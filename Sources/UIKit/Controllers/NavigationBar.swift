import Motion

/// `UINavigationBar`, drawn from ordinary views: the top controller's title centred in bold 17 pt,
/// a back button (a chevron and the previous controller's title) that pops, and, with
/// `prefersLargeTitles`, a 34-pt title on the left under it. Its background fills the status bar's
/// inset too, as iOS's bar does, with a hairline at the bottom.
///
/// During a push or pop the bar's views are a linear function of the transition's position
/// (`show(progress:)`: 0 the old item, 1 the new). The bar sets position 0 when the transition
/// begins and animates to 1 alongside it (`showTransitionEnd()`), on the animator's own timing, so
/// it follows a spring, a scrub, the back swipe's finger and a cancel exactly as the views do. iOS's title
/// motion (UIKit's numbers are not public; these follow what iOS shows): the incoming title slides
/// from the right to the centre while fading in, the outgoing one slides left toward the back
/// button's place while fading out, and the back button's label cross-fades from old to new.
@preconcurrency @MainActor public final class UINavigationBar: UIView {
    /// The bar's own height under the status bar, and the large-title row's (UIKit: 44 and 52).
    public static let height = 44.0
    /// The bar's height in compact height (a phone held sideways), where UIKit also shows no large
    /// title: 32 pt (UIKit's landscape phone bar, as iOS draws it).
    public static let compactHeight = 32.0
    public static let largeTitleHeight = 52.0
    public static let titleFontSize = 17.0
    static let largeTitleFontSize = 34.0
    static let backFontSize = 17.0
    /// The back button: a 22-pt chevron glyph box whose stroke starts 8 pt from the edge, the label
    /// 6 pt after the stroke (iOS 17 layout; the glyph's box has 4 pt of margin on its right).
    static let backChevronX = 2.0
    static let backChevronSize = CGSize(width: 22, height: 22)
    static let backLabelGap = 2.0
    /// Leading margin of the large title (UIKit's layout margin on phones).
    static let largeTitleMargin = 16.0
    /// Average advance of a system font glyph, in ems: sizes text views to their text (the page
    /// draws text centred in a view, so a label's width sets where its text starts).
    static let averageGlyphWidth = 0.55
    /// How far right of the centre an incoming title starts, as a fraction of the width.
    public static let incomingTitleOffset = 0.5
    /// The widest a title may be, and a back button's label, as fractions of the bar's width
    /// (UIKit truncates longer ones; here they are squeezed).
    static let maximumTitleWidth = 0.6
    static let maximumBackWidth = 0.3
    /// Text views' room beyond their glyphs' advance, in ems.
    static let textPadding = 0.5
    /// The bar's translucent system background and its bottom hairline.
    static let barColor = UIColor(red: 0.976, green: 0.976, blue: 0.976, alpha: 0.94)
    static let hairlineColor = UIColor(white: 0, alpha: 0.3)
    static let hairlineThickness = 1.0 / 3.0

    /// `prefersLargeTitles`: a large title row under the bar, except in compact height; applied at
    /// the next layout.
    public var prefersLargeTitles = false
    /// Whether the window has a compact height (a phone held sideways), as of the last layout.
    private var isCompactHeight = false
    /// The bar's own height now: `compactHeight` in compact height, else `height`.
    var barHeight: Double { isCompactHeight ? Self.compactHeight : Self.height }
    private var showsLargeTitle: Bool { prefersLargeTitles && !isCompactHeight }

    /// What one controller puts in the bar: its title and, below the root, a back button.
    struct Item {
        let title: String
        let backTitle: String?
        /// Character counts, taken once: the bar lays its items out on every frame of a transition,
        /// and counting a string's characters walks it.
        let titleLength: Int
        let backTitleLength: Int

        init(title: String, backTitle: String?) {
            self.title = title
            self.backTitle = backTitle
            titleLength = title.count
            backTitleLength = backTitle?.count ?? 0
        }
    }

    /// One set of the views an item shows; the bar has two, so a transition can show both items.
    final class ItemViews {
        let title = UIView(name: "navigation-title")
        let largeTitle = UIView(name: "navigation-large-title")
        let back: UIButton
        let chevron = UIView(name: "navigation-back-chevron")

        init(pop: @escaping () -> Void) {
            back = UIButton(title: "", name: "navigation-back", action: pop)
            for label in [title, largeTitle] {
                label.isUserInteractionEnabled = false
                label.textColor = .black
            }
            // UINavigationBar's title is 17-pt semibold, its large title 34-pt bold.
            title.fontSize = UINavigationBar.titleFontSize
            title.fontWeight = .semibold
            largeTitle.fontSize = UINavigationBar.largeTitleFontSize
            largeTitle.fontWeight = .bold
            back.fontSize = UINavigationBar.backFontSize
            // SF Symbols' chevron.left, drawn by the page in the back button's tint.
            chevron.glyph = .chevronLeft
            chevron.textColor = .systemBlue
            chevron.textColorIsTint = true
            chevron.isUserInteractionEnabled = false
        }

        var all: [UIView] { [title, largeTitle, back, chevron] }
    }

    private let hairline = UIView(name: "navigation-bar-hairline")
    /// The views of the item on screen at rest, and the other set (an incoming or outgoing item).
    private var current: ItemViews
    private var other: ItemViews
    private var currentItem = Item(title: "", backTitle: nil)
    /// A running push or pop: the item it comes from and goes to.
    private var transition: (from: Item, to: Item, push: Bool)?
    /// Whether the running transition's views have been set to its end, to animate there.
    private var showsTransitionEnd = false
    /// Where the bar's content starts: the status bar's inset.
    private var topInset = 0.0
    /// The safe area's left inset (a notched phone in landscape): the bar's content starts after it.
    private var leadingInset = 0.0

    override var defaultName: String { "navigation-bar" }

    init(pop: @escaping () -> Void) {
        current = ItemViews(pop: pop)
        other = ItemViews(pop: pop)
        super.init(frame: .zero)
        backgroundColor = Self.barColor
        hairline.backgroundColor = Self.hairlineColor
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
        for views in [current, other] { for view in views.all { addSubview(view) } }
        name(current, resting: true)
        name(other, resting: false)
        show(nil, in: other, alpha: 0)
    }

    public required init?(coder: NSCoder) { nil }

    /// The back chevrons are drawn in the bar's tint, as the back buttons' titles are.
    public override func tintColorDidChange() {
        super.tintColorDidChange()
        for views in [current, other] { views.chevron.textColor = views.chevron.undimmedTintColor }
    }

    /// The height the bar covers from the top of its controller's view: the status bar's inset,
    /// the bar, and the large-title row when shown.
    func totalHeight(topInset: Double) -> Double {
        topInset + barHeight + (showsLargeTitle ? Self.largeTitleHeight : 0)
    }

    func layout(width: Double, topInset: Double, leadingInset: Double, compactHeight: Bool) {
        isCompactHeight = compactHeight
        self.topInset = topInset
        self.leadingInset = leadingInset
        frame = CGRect(x: 0, y: 0, width: width, height: totalHeight(topInset: topInset))
        hairline.frame = CGRect(x: 0, y: bounds.height, width: width, height: Self.hairlineThickness)
        if let transition {
            show(progress: showsTransitionEnd ? 1 : 0, of: transition)
        } else {
            show(currentItem, in: current, alpha: 1)
        }
    }

    /// Shows `item` at rest.
    func setItem(_ item: Item) {
        transition = nil
        currentItem = item
        show(item, in: current, alpha: 1)
        show(nil, in: other, alpha: 0)
    }

    /// Starts a push (or pop) from the item on screen to `item`, showing the item on screen.
    func beginTransition(to item: Item, push: Bool) {
        let running = (from: currentItem, to: item, push: push)
        transition = running
        showsTransitionEnd = false
        show(progress: 0, of: running)
    }

    /// Shows the running transition's end: called inside an alongside animation, it animates there.
    func showTransitionEnd() {
        guard let transition else { return }
        showsTransitionEnd = true
        show(progress: 1, of: transition)
    }

    /// Ends the running transition: the new item at rest when it completed, the old one when cancelled.
    func endTransition(completed: Bool) {
        guard let running = transition else { return }
        transition = nil
        showsTransitionEnd = false
        if completed {
            swap(&current, &other)
            name(current, resting: true)
            name(other, resting: false)
            currentItem = running.to
        }
        show(currentItem, in: current, alpha: 1)
        show(nil, in: other, alpha: 0)
    }

    private func show(progress p: Double, of transition: (from: Item, to: Item, push: Bool)) {
        let width = bounds.width
        let centre = width / 2
        let backLabelX = leadingInset + Self.backChevronX + Self.backChevronSize.width + Self.backLabelGap
        // A push moves content leftward: the new title comes from the right, the old one leaves
        // toward the back button. A pop is the same motion played backward.
        let push = transition.push
        let incoming = other, outgoing = current
        let incomingItem = transition.to, outgoingItem = transition.from
        // Progress of the "pushed" item being on top: 1 − p for a pop.
        let top = push ? p : 1 - p
        let pushedItem = push ? incomingItem : outgoingItem
        let pushedViews = push ? incoming : outgoing
        let belowItem = push ? outgoingItem : incomingItem
        let belowViews = push ? outgoing : incoming
        // Each set is laid out at rest but for what moves with the progress, which is then placed
        // once: a change to a model value walks to the window and the bar makes them every frame of
        // a transition, so writing the rest and then the moved value would double them.
        let pushedRest = show(pushedItem, in: pushedViews, alpha: top, placingWhatMoves: false)
        let belowRest = show(belowItem, in: belowViews, alpha: 1 - top, placingWhatMoves: false)
        // The pushed item's title slides in from the right of the centre.
        pushedViews.title.center = CGPoint(x: centre + (1 - top) * width * Self.incomingTitleOffset,
                                         y: pushedRest.title.midY)
        // The title below slides from the centre to where the back button's label sits.
        let belowTitleWidth = belowViews.title.bounds.width
        let belowTitleRest = centre
        let belowTitleAsBack = backLabelX + belowTitleWidth / 2
        belowViews.title.center = CGPoint(x: belowTitleRest + (belowTitleAsBack - belowTitleRest) * top,
                                        y: belowRest.title.midY)
        // The pushed item's back label (reading the title below) grows out of that title's place.
        // A set without a back button leaves its label where it was.
        let pushedBack = pushedViews.back
        let backRest = pushedRest.back.map { CGPoint(x: $0.midX, y: $0.midY) } ?? pushedBack.center
        pushedBack.center = CGPoint(x: backRest.x + (belowTitleRest - belowTitleWidth / 2 - backLabelX) * (1 - top),
                                  y: backRest.y)
        // The back label below (if any) slides left off toward the edge as it fades.
        let belowBackRest = belowRest.back.map { CGPoint(x: $0.midX, y: $0.midY) } ?? belowViews.back.center
        belowViews.back.center = CGPoint(x: belowBackRest.x - width * Self.incomingTitleOffset * top / 2,
                                       y: belowBackRest.y)
        // One chevron stays when both items have a back button: the pushed one's is hidden then.
        if belowItem.backTitle != nil, pushedItem.backTitle != nil {
            belowViews.chevron.alpha = 1
            pushedViews.chevron.alpha = 0
        }
        // Large titles move with the content: the pushed one from the right, the one below by the
        // stock slide's parallax.
        pushedViews.largeTitle.transform = CGAffineTransform(translationX: (1 - top) * width, y: 0)
        belowViews.largeTitle.transform = CGAffineTransform(translationX: -top * width * NavigationSlideAnimator.parallax, y: 0)
    }

    /// Where `show` put a set's title and back label (nil when the item has no back button).
    private struct RestFrames {
        var title: CGRect
        var back: CGRect?
    }

    /// Lays `item` out in `views` at rest and sets every view's alpha; nil hides the set.
    private func show(_ item: Item?, in views: ItemViews, alpha: Double) {
        guard let item else {
            for view in views.all { view.alpha = 0 }
            return
        }
        show(item, in: views, alpha: alpha, placingWhatMoves: true)
    }

    /// Lays `item` out in `views` at rest and sets every view's alpha. Without `placingWhatMoves`,
    /// the title's and back label's centers and the large title's transform are left for the
    /// caller, which moves them with a transition's progress from the frames returned.
    @discardableResult
    private func show(_ item: Item, in views: ItemViews, alpha: Double, placingWhatMoves: Bool) -> RestFrames {
        let width = bounds.width
        let barTop = topInset
        let titleWidth = min(Self.textWidth(characters: item.titleLength, fontSize: Self.titleFontSize), width * Self.maximumTitleWidth)
        views.title.text = item.title
        let titleFrame = CGRect(x: (width - titleWidth) / 2, y: barTop, width: titleWidth, height: barHeight)
        place(views.title, in: titleFrame, center: placingWhatMoves)
        let large = showsLargeTitle
        views.largeTitle.text = item.title
        let largeWidth = min(Self.textWidth(characters: item.titleLength, fontSize: Self.largeTitleFontSize), width - 2 * (leadingInset + Self.largeTitleMargin))
        if placingWhatMoves { views.largeTitle.transform = .identity }
        views.largeTitle.frame = CGRect(x: leadingInset + Self.largeTitleMargin, y: barTop + barHeight, width: largeWidth,
                                      height: Self.largeTitleHeight)
        views.title.alpha = large ? 0 : alpha
        views.largeTitle.alpha = large ? alpha : 0
        let chevronY = barTop + (barHeight - Self.backChevronSize.height) / 2
        views.chevron.frame = CGRect(x: leadingInset + Self.backChevronX, y: chevronY, width: Self.backChevronSize.width,
                                   height: Self.backChevronSize.height)
        var backFrame: CGRect?
        if let backTitle = item.backTitle {
            views.back.setTitle(backTitle, for: .normal)
            let labelX = leadingInset + Self.backChevronX + Self.backChevronSize.width + Self.backLabelGap
            let backWidth = min(Self.textWidth(characters: item.backTitleLength, fontSize: Self.backFontSize), width * Self.maximumBackWidth)
            let frame = CGRect(x: labelX, y: barTop, width: backWidth, height: barHeight)
            place(views.back, in: frame, center: placingWhatMoves)
            backFrame = frame
            views.back.alpha = alpha
            views.chevron.alpha = alpha
            views.back.isUserInteractionEnabled = true
        } else {
            views.back.alpha = 0
            views.chevron.alpha = 0
            views.back.isUserInteractionEnabled = false
        }
        return RestFrames(title: titleFrame, back: backFrame)
    }

    /// `view.frame = frame`, or only the size it sets when the center is the caller's to place.
    private func place(_ view: UIView, in frame: CGRect, center: Bool) {
        if center {
            view.frame = frame
        } else {
            view.bounds.size = frame.standardized.size
        }
    }

    /// The resting set's views have the plain names (`navigation-title`, `navigation-back`); the
    /// other set's end in `-other`, so a recording says which title is the bar's.
    private func name(_ views: ItemViews, resting: Bool) {
        let suffix = resting ? "" : "-other"
        views.title.name = "navigation-title" + suffix
        views.largeTitle.name = "navigation-large-title" + suffix
        views.back.name = "navigation-back" + suffix
        views.chevron.name = "navigation-back-chevron" + suffix
    }

    static func textWidth(characters: Int, fontSize: Double) -> Double {
        Double(characters) * fontSize * averageGlyphWidth + fontSize * textPadding
    }
}
