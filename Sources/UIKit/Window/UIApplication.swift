/// `UIApplication`: the app as transition code asks it for its windows.
///
/// There is one app per process here but a world per session, each with one window: `shared`
/// answers for the world whose `perform` is running on this thread (`AnimationEngine.current`'s
/// window), and, outside any world, that there is no window. Scenes (`connectedScenes`) are not
/// here: a world's window stands for its one scene.
@preconcurrency @MainActor public final class UIApplication: Sendable {
    /// `UIApplication.shared`.
    public static let shared = UIApplication()

    private init() {}

    /// `windows`: this world's window; empty outside any world.
    public var windows: [UIWindow] {
        AnimationEngine.current?.window.map { [$0] } ?? []
    }

    /// `keyWindow`: this world's window (it takes every touch); nil outside any world.
    public var keyWindow: UIWindow? {
        AnimationEngine.current?.window
    }
}
