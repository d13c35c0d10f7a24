/// A scene's transition cycle, played with the kit's gestures and drawn as filmstrips.
extension SceneRun {
    /// Seconds a cycle's drag takes here: a brisk swipe, unlike `TransitionWorkload`'s drag, which
    /// holds half way for a second to load a benchmark.
    public static let cycleDragDuration = 0.5

    /// Does what one of a scene's scripted actions says, then waits until the scene settles.
    public func play(_ action: ScriptedAction) {
        switch action {
        case .drag(let from, let to): drag(from: from, to: to, duration: Self.cycleDragDuration)
        case .tap(let name): tap(name)
        }
        waitUntilSettled()
    }

    /// One filmstrip per action of `scene`'s transition cycle, one below the other, each with a
    /// plot of the progress: what docs/filmstrips holds (scripts/filmstrips).
    public static func transitionCycleSheet(_ scene: Scene) -> String {
        let run = SceneRun(scene)
        var rows: [(filmstrip: Filmstrip, frames: [CapturedFrame])] = []
        for (index, action) in scene.transitionCycle.enumerated() {
            let start = run.time
            run.play(action)
            rows.append((Filmstrip(scale: 0.25, plots: true, title: "\(index + 1). \(describe(action))"),
                         Array(run.frames(from: start))))
        }
        return Filmstrip.sheet(rows, viewport: run.host.window.bounds.size, title: scene.name,
                               subtitle: scene.hint)
    }

    private static func describe(_ action: ScriptedAction) -> String {
        switch action {
        case .drag(let from, let to):
            "drag \(describe(from)) → \(describe(to))"
        case .tap(let name): "tap \(name)"
        }
    }

    /// "(389, 420)": cycles' points are whole points.
    private static func describe(_ point: CGPoint) -> String {
        "(\(Int(point.x.rounded())), \(Int(point.y.rounded())))"
    }
}
