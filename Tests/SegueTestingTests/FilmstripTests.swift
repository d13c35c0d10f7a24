@testable import Recorder
import SegueTesting
import Testing

@Suite("Filmstrip, plot and geometry artifacts")
struct FilmstripTests {
    @Test(arguments: [
        (0.004, "0"), (-0.004, "0"), (12, "12"), (0.5, "0.5"), (-3.25, "-3.25"), (0.05, "0.05"),
        (844.000_000_01, "844"), (1.999, "2"), (-0.3, "-0.3"), (Double.nan, "0"),
    ] as [(Double, String)])
    func numbersAreRoundedToHundredthsWithoutNoise(value: Double, text: String) {
        #expect(ArtifactText.number(value) == text)
    }

    @Test func textIsEscapedForXML() {
        #expect(ArtifactText.xml("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
    }

    @Test func aNodeIsARectThroughItsTransformAtItsAlpha() {
        let node = DisplayNode(id: 1, name: "card", size: CGSize(width: 100, height: 50),
                               transform: CGAffineTransform(a: 0.8, b: 0, c: 0, d: 0.8, tx: 10.004, ty: 20),
                               alpha: 0.5, backgroundColor: UIColor(hex: 0x336699), cornerRadius: 12)
        let svg = FrameDrawing(drawsText: true).svg([node], idPrefix: "f0")
        #expect(svg == ##"<rect width="100" height="50" rx="12" transform="matrix(0.8 0 0 0.8 10 20)" fill="#336699" fill-opacity="0.5"/>"##)
    }

    /// A faded view with a fill and text is faded as one layer (`allowsGroupOpacity`, UIKit's
    /// default): its text is drawn opaque over its opaque fill inside one group at the view's alpha,
    /// so the fill does not show through the text.
    @Test func aFadedNodeWithFillAndTextIsOneGroup() {
        let node = DisplayNode(id: 1, name: "card", size: CGSize(width: 100, height: 50),
                               transform: CGAffineTransform(a: 0.8, b: 0, c: 0, d: 0.8, tx: 10.004, ty: 20),
                               alpha: 0.5, backgroundColor: UIColor(hex: 0x336699), cornerRadius: 12, text: "Hi",
                               textColor: .white, fontSize: 17)
        let svg = FrameDrawing(drawsText: true).svg([node], idPrefix: "f0")
        #expect(svg == ##"<g opacity="0.5"><rect width="100" height="50" rx="12" transform="matrix(0.8 0 0 0.8 10 20)" fill="#336699"/>"##
                + ##"<text x="50" y="25" transform="matrix(0.8 0 0 0.8 10 20)" font-size="17" text-anchor="middle" dominant-baseline="central" fill="#ffffff">Hi</text></g>"##)
        // Without text, one part is left: no group, the fill at the view's alpha.
        #expect(FrameDrawing(drawsText: false).svg([node], idPrefix: "f0")
                == ##"<rect width="100" height="50" rx="12" transform="matrix(0.8 0 0 0.8 10 20)" fill="#336699" fill-opacity="0.5"/>"##)
    }

    /// A faded view's subtree is one group at the view's own alpha; a subview faded inside it is a
    /// group of its own at its alpha, and a subview at full alpha is drawn opaque inside the group.
    @Test func aFadedSubtreeIsOneGroupAndNestedFadesNest() {
        let white = UIColor.white
        let nodes = [
            DisplayNode(id: 1, name: "screen", descendantCount: 3, size: CGSize(width: 100, height: 100),
                        alpha: 0.5, backgroundColor: white),
            DisplayNode(id: 2, name: "button", depth: 1, size: CGSize(width: 50, height: 20),
                        alpha: 0.5, ownAlpha: 1, backgroundColor: white),
            DisplayNode(id: 3, name: "badge", depth: 1, descendantCount: 1, size: CGSize(width: 10, height: 10),
                        alpha: 0.25, ownAlpha: 0.5, backgroundColor: white),
            DisplayNode(id: 4, name: "dot", depth: 2, size: CGSize(width: 4, height: 4),
                        alpha: 0.25, ownAlpha: 1, backgroundColor: white),
            DisplayNode(id: 5, name: "after", size: CGSize(width: 10, height: 10), backgroundColor: white),
        ]
        let rect = { (width: Int, height: Int) in
            ##"<rect width="\##(width)" height="\##(height)" transform="matrix(1 0 0 1 0 0)" fill="#ffffff"/>"##
        }
        #expect(FrameDrawing(drawsText: true).svg(nodes, idPrefix: "f0")
                == ##"<g opacity="0.5">"## + rect(100, 100) + rect(50, 20)
                + ##"<g opacity="0.5">"## + rect(10, 10) + rect(4, 4) + "</g></g>" + rect(10, 10))
    }

    /// Right-aligned text ends at the right edge, left-aligned starts at the left, as the page
    /// draws them.
    @Test func textIsPlacedByItsAlignment() {
        var node = DisplayNode(id: 1, name: "label", size: CGSize(width: 200, height: 30), text: "Hi",
                               textAlignment: .right)
        #expect(FrameDrawing(drawsText: true).svg([node], idPrefix: "f0").contains(
            #"<text x="200" y="15" transform="matrix(1 0 0 1 0 0)" font-size="17" text-anchor="end""#))
        node.textAlignment = .left
        #expect(FrameDrawing(drawsText: true).svg([node], idPrefix: "f0").contains(
            #"<text x="0" y="15" transform="matrix(1 0 0 1 0 0)" font-size="17" text-anchor="start""#))
    }

    /// `maskedCorners` of the top two: a path with arcs at the top corners and square bottom ones;
    /// none is a plain rectangle, and the clip takes the same outline.
    @Test func someRoundedCornersAreAPath() {
        var node = DisplayNode(id: 1, name: "sheet", descendantCount: 1, size: CGSize(width: 100, height: 50),
                               backgroundColor: .white, cornerRadius: 10, clipsToBounds: true,
                               roundedCorners: [.topLeft, .topRight])
        let inside = DisplayNode(id: 2, name: "inside", depth: 1, size: CGSize(width: 5, height: 5))
        let outline = #"<path d="M10 0H90A10 10 0 0 1 100 10V50H0V10A10 10 0 0 1 10 0Z" transform="matrix(1 0 0 1 0 0)""#
        let svg = FrameDrawing(drawsText: false).svg([node, inside], idPrefix: "f0")
        #expect(svg.hasPrefix(outline + ##" fill="#ffffff"/><clipPath id="f0c0">"## + outline + "/></clipPath>"))
        node.roundedCorners = []
        #expect(FrameDrawing(drawsText: false).svg([node], idPrefix: "f0").hasPrefix(
            #"<rect width="100" height="50" transform="#))
    }

    @Test func aClippingNodeClipsExactlyItsDescendants() {
        let clip = DisplayNode(id: 1, name: "clip", descendantCount: 1, size: CGSize(width: 10, height: 10),
                               backgroundColor: .clear, clipsToBounds: true)
        let inside = DisplayNode(id: 2, name: "inside", depth: 1, size: CGSize(width: 20, height: 20), backgroundColor: .black)
        let after = DisplayNode(id: 3, name: "after", size: CGSize(width: 5, height: 5), backgroundColor: .black)
        let svg = FrameDrawing(drawsText: false).svg([clip, inside, after], idPrefix: "f2")
        #expect(svg == #"<clipPath id="f2c0"><rect width="10" height="10" transform="matrix(1 0 0 1 0 0)"/></clipPath>"#
                + ##"<g clip-path="url(#f2c0)"><rect width="20" height="20" transform="matrix(1 0 0 1 0 0)" fill="#000000"/></g>"##
                + ##"<rect width="5" height="5" transform="matrix(1 0 0 1 0 0)" fill="#000000"/>"##)
    }

    /// The slides scene presented by a swipe: 0.4 s of drag, then the rest of the keyframes.
    private func presented() -> SceneRun {
        let run = SceneRun(Scene.named("slides")!)
        run.wait(0.5)
        run.edgeSwipe(from: .right, distance: 200, duration: 0.4)
        run.waitUntilSettled()
        return run
    }

    @Test func defaultTimesSpanTheTransitionFromTheFrameBeforeToTheFrameAfter() throws {
        let run = presented()
        let first = try #require(run.frames.firstIndex { $0.transition != nil })
        let last = try #require(run.frames.lastIndex { $0.transition != nil })
        let times = Filmstrip.evenlySpacedTimes(run.frames, count: 5)
        #expect(times.count == 5)
        #expect(times[0] == run.frames[first - 1].time)
        #expect(times[4] == run.frames[last + 1].time)
        #expect((times[2] - (times[0] + times[4]) / 2).isClose(to: 0, within: 1e-12))
    }

    @Test func theFilmstripDrawsOneClippedViewportPerTimeAndIsByteIdentical() {
        let run = presented()
        let strip = Filmstrip(times: [0, 0.6, 2], scale: 0.5)
        let svg = run.filmstripSVG(strip)
        #expect(svg == presented().filmstripSVG(strip))
        #expect(svg.components(separatedBy: #"viewBox="0 0 390 844""#).count - 1 == 3)
        // Three 195-wide frames, two 12 pt gaps and two 16 pt margins.
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="641" "#))
        #expect(svg.contains("t = 0.60 s"))
        #expect(svg.contains(">interactive "))
        #expect(!svg.contains("<polyline"))
    }

    @Test func thePlotColoursEachStretchOfTheCurveByItsPhase() {
        let svg = presented().filmstripSVG(Filmstrip(plots: true, plottedView: "second"))
        let interactive = TransitionPlot.color(.interactive), finishing = TransitionPlot.color(.finishing)
        // Progress, x, y, scale and alpha each have an interactive and a finishing stretch.
        #expect(svg.components(separatedBy: #"stroke="\#(interactive)" stroke-width="2""#).count - 1 == 5)
        #expect(svg.components(separatedBy: #"stroke="\#(finishing)" stroke-width="2""#).count - 1 == 5)
        #expect(svg.contains("second: x (solid), y (dashed), points"))
        #expect(svg.contains(">t (s)</text>"))
    }

    /// Fade's list pushed to its detail: the frame after the push has the back button's chevron
    /// and the status bar's glyphs, drawn from the same path data the page fills (the battery with
    /// its fainter outline), and the bar's semibold title at weight 600.
    @Test func aFrameDrawsThePagesGlyphsAndTheTitlesWeight() throws {
        let run = SceneRun(Scene.named("fade")!)
        run.wait(0.3)
        run.tap("list-open-detail")
        run.waitUntilSettled()
        let svg = run.filmstripSVG(Filmstrip(times: [run.frames[run.frames.count - 1].time]))
        for glyph in [Glyph.chevronLeft, .cellularbars, .battery100] {
            #expect(svg.contains(#"<path d="\#(glyph.pathData)" fill-rule="evenodd""#), "no \(glyph.rawValue) path")
        }
        let outline = try #require(Glyph.battery100.secondaryPathData)
        let start = try #require(svg.range(of: #"<path d="\#(outline)" fill-rule="evenodd""#))
        let element = svg[start.lowerBound...].prefix { $0 != ">" }
        #expect(element.hasSuffix(#"fill-opacity="0.35"/"#), "\(element)")
        // The bar's 17-pt title, not the detail view's 34-pt regular heading of the same text.
        let titles = svg.matches(of: #/<text [^>]*>Detail</text>/#).map(\.output).filter { $0.contains(#"font-size="17""#) }
        #expect(titles.count == 1)
        #expect(titles.allSatisfy { $0.contains(#"font-weight="600""#) }, "\(titles)")
    }

    /// Text is set in Inter, the page's shipped font, by name, before the platform's fonts.
    @Test func theFontStackNamesInterFirst() {
        let svg = presented().filmstripSVG(Filmstrip(times: [0]))
        #expect(svg.contains(#"font-family="Inter, -apple-system, 'SF Pro Text', Helvetica, Arial, sans-serif""#))
        #expect(!svg.contains("system-ui"))
    }

    @Test(arguments: [(1.0, 0.2), (1.35, 0.5), (430.0, 100), (0.05, 0.01), (7, 2)] as [(Double, Double)])
    func tickStepsAreRound(span: Double, step: Double) {
        #expect(TransitionPlot.tickStep(span).isClose(to: step, within: 1e-12))
    }

    @Test func ticksAreTheStepsMultiplesWithinTheRange() {
        let ticks = TransitionPlot.ticks(0...1)
        #expect(ticks.count == 6)
        #expect(zip(ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]).allSatisfy { $0.isClose(to: $1, within: 1e-12) })
        #expect(TransitionPlot.fittedRange([12, 431]) == 0...500)
    }

    @Test func geometryIsOneLinePerStrideAndAlwaysTheLastFrame() throws {
        let frames = (0..<7).map { i in
            CapturedFrame(index: i, time: Double(i) / 60, top: "first", transition: nil, nodes: [
                DisplayNode(id: 1, name: "box", size: CGSize(width: 10, height: 20),
                            transform: CGAffineTransform(translationX: Double(i) + 0.001, y: 5), alpha: i == 6 ? 0.25 : 1),
            ])
        }
        let json = GeometryJSON(stride: 3).json(frames)
        let lines = json.split(separator: "\n")
        #expect(lines.count == 5)  // [ , frames 0, 3, 6, ]
        #expect(lines[1] == #"{"t":0,"top":"first","transition":null,"views":{"box":[0,5,10,20]}},"#)
        #expect(lines[3] == #"{"t":0.1,"top":"first","transition":null,"views":{"box":[6,5,10,20,0.25]}}"#)
    }

    @Test func svgTimesParseAsIncreasingSeconds() throws {
        #expect(try Filmstrip.times(parsing: "0.2, 0.4,1") == [0.2, 0.4, 1])
        #expect(throws: RecorderError.invalidOption("--svg-times: \"x\" is not a time in seconds")) {
            try Filmstrip.times(parsing: "0.2,x")
        }
        #expect(throws: RecorderError.invalidOption("--svg-times: \"\" is not a time in seconds")) {
            try Filmstrip.times(parsing: "0.2,,0.4")
        }
        #expect(throws: RecorderError.invalidOption("--svg-times: 0.3 is not later than 0.4")) {
            try Filmstrip.times(parsing: "0.4,0.3")
        }
        #expect(throws: RecorderError.self) { try Filmstrip.times(parsing: "-1") }
    }
}
