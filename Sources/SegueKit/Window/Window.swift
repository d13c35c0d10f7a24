import Motion

/// The root of a view tree and its world: the clock-driven animation engine, and the display list
/// it produces. Everything that changes the world goes through `perform(_:)`, which makes this
/// window's engine the one animation blocks record into.
open class Window: View {
    public let engine: AnimationEngine
    private var builder = DisplayListBuilder()
    private var list = DisplayList()

    public init(size: Size, clock: Clock) {
        engine = AnimationEngine(clock: clock)
        super.init(frame: Rect(origin: .zero, size: size), name: "window")
        backgroundColor = .black
    }

    public var clock: Clock { engine.clock }

    /// Runs `body` with this window's engine current: animation blocks inside it animate here.
    public func perform<R>(_ body: () throws -> R) rethrows -> R {
        try engine.perform(body)
    }

    /// Brings animations to the clock's time, calls due completions, and flattens the tree.
    /// The returned list's storage is reused by the next call.
    public func displayList() -> DisplayList {
        engine.evaluate()
        list.viewport = bounds.size
        builder.build(root: self, into: &list)
        return list
    }
}
