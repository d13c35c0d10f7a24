/// The run as text artifacts, for snapshot tests (swift-snapshot-testing's `.lines`, say) and for
/// looking at: an SVG filmstrip and a JSON of per-frame geometry, both byte-identical from run to
/// run because numbers are rounded to hundredths of a point.
extension SceneRun {
    /// The frames from `time` seconds on (all of them by default): one transition of a longer run.
    public func frames(from time: Double) -> ArraySlice<CapturedFrame> {
        frames.drop { $0.time < time - frameInterval / 2 }
    }

    /// An SVG filmstrip of the frames from `time` on.
    public func filmstripSVG(from time: Double = 0, _ filmstrip: Filmstrip = Filmstrip()) -> String {
        filmstrip.svg(Array(frames(from: time)), viewport: host.window.bounds.size)
    }

    /// The geometry of the frames from `time` on, one JSON line per `stride` frames.
    public func geometryJSON(from time: Double = 0, stride: Int = 3) -> String {
        GeometryJSON(stride: stride).json(Array(frames(from: time)))
    }
}
