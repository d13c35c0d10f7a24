/// `CADisplayLink`: calls back once per frame, before animations are evaluated, with the window's
/// root-timeline time; for code that must step with the frames (physics). Runs until invalidated.
public final class CADisplayLink {
    private let callback: (Double) -> Void
    /// Not retained, and not `weak` (a side table would slow every retain of the window): the
    /// window clears it when it goes away. Checked in debug builds (`UnownedReference`).
    private var windowReference = UnownedReference<UIWindow>("CADisplayLink.window")
    private var window: UIWindow? {
        get { windowReference.object }
        set { windowReference.object = newValue }
    }

    public init(window: UIWindow, callback: @escaping (_ timestamp: Double) -> Void) {
        self.callback = callback
        self.window = window
        window.displayLinks.append(self)
    }

    public func invalidate() {
        window?.displayLinks.removeAll { $0 === self }
        window = nil
    }

    func windowWentAway() {
        window = nil
    }

    func fire(_ timestamp: Double) {
        callback(timestamp)
    }
}
