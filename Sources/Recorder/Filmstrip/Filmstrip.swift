import Foundation
import Motion
import UIKit

/// A recorded transition as one SVG: frames at chosen times side by side, each labelled with its
/// time and the transition's phase and progress, and below them (optionally) a ``TransitionPlot``
/// of the progress and of one view's x, y, scale and alpha over time.
///
/// Pure: the same frames and options give the same bytes, numbers rounded to hundredths.
public struct Filmstrip: Sendable {
    /// Seconds of the frames drawn, in order; nil picks ``defaultFrameCount`` frames evenly spaced
    /// over the transitions in the recording (``evenlySpacedTimes(_:count:)``).
    public var times: [Double]?
    /// Width of one drawn frame over the viewport's width.
    public var scale: Double
    /// Whether labels' text is drawn.
    public var drawsText: Bool
    /// Whether the plot goes below the frames.
    public var plots: Bool
    /// The view the plot follows; nil plots the progress alone.
    public var plottedView: String?
    /// A heading above everything (the scene's name, say).
    public var title: String?

    public static let defaultFrameCount = 6

    public init(times: [Double]? = nil, scale: Double = 0.3, drawsText: Bool = true, plots: Bool = false,
                plottedView: String? = nil, title: String? = nil) {
        self.times = times
        self.scale = scale
        self.drawsText = drawsText
        self.plots = plots
        self.plottedView = plottedView
        self.title = title
    }

    /// Margins and gaps around the frames, in SVG units.
    static let margin = 16.0
    static let gap = 12.0
    static let titleHeight = 26.0
    /// Three lines above each frame: its time, the transition's operation, its phase and progress.
    static let labelHeight = 44.0

    /// The SVG document for `frames` (a recording, in time order) of a `viewport`-sized window.
    public func svg(_ frames: [CapturedFrame], viewport: CGSize) -> String {
        let strip = render(frames, viewport: viewport, top: 0, idPrefix: "")
        return Self.document(strip.body, width: strip.width, height: strip.height)
    }

    /// Several filmstrips one below the other in one document (a scene's transitions, say), each
    /// with its own frames, under an optional heading.
    public static func sheet(_ rows: [(filmstrip: Filmstrip, frames: [CapturedFrame])], viewport: CGSize,
                             title: String? = nil, subtitle: String? = nil) -> String {
        var body = "", width = 0.0, y = margin
        if let title {
            body += "<text x=\"\(ArtifactText.number(margin))\" y=\"\(ArtifactText.number(y + 22))\" font-size=\"24\" font-weight=\"bold\">"
            body += "\(ArtifactText.xml(title))</text>\n"
            y += titleHeight + 4
        }
        if let subtitle {
            body += "<text x=\"\(ArtifactText.number(margin))\" y=\"\(ArtifactText.number(y + 14))\" font-size=\"13\" fill=\"#555555\">"
            body += "\(ArtifactText.xml(subtitle))</text>\n"
            y += 20
        }
        for (index, row) in rows.enumerated() {
            let strip = row.filmstrip.render(row.frames, viewport: viewport, top: y, idPrefix: "r\(index)")
            body += strip.body
            width = max(width, strip.width)
            y += strip.height
        }
        return document(body, width: width, height: y)
    }

    /// The fonts text is set in: Inter, the font the page ships (Public/fonts) and draws with where
    /// San Francisco is missing, by name, then the platform's. An SVG file cannot load the page's
    /// font files, and embedding one weight would add about a third of a megabyte to every file.
    static let fontFamily = "Inter, -apple-system, 'SF Pro Text', Helvetica, Arial, sans-serif"

    private static func document(_ body: String, width: Double, height: Double) -> String {
        let w = ArtifactText.number(width), h = ArtifactText.number(height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\""
        out += " viewBox=\"0 0 \(w) \(h)\" font-family=\"\(fontFamily)\" text-anchor=\"start\">\n"
        out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
        return out + body + "</svg>\n"
    }

    /// The strip's elements from `top` down, and its size; clip ids start with `idPrefix`.
    private func render(_ frames: [CapturedFrame], viewport: CGSize, top: Double,
                        idPrefix: String) -> (body: String, width: Double, height: Double) {
        precondition(!frames.isEmpty, "a filmstrip needs at least one frame")
        let shown = (times ?? Self.evenlySpacedTimes(frames, count: Self.defaultFrameCount)).map { Self.frame(at: $0, in: frames) }
        let cellWidth = viewport.width * scale, cellHeight = viewport.height * scale
        let stripWidth = Self.margin * 2 + Double(shown.count) * cellWidth + Double(max(shown.count - 1, 0)) * Self.gap
        var y = top + Self.margin
        var body = ""
        if let title {
            body += "<text x=\"\(n(Self.margin))\" y=\"\(n(y + 18))\" font-size=\"18\" font-weight=\"bold\">\(ArtifactText.xml(title))</text>"
            y += Self.titleHeight
        }
        let drawing = FrameDrawing(drawsText: drawsText)
        for (column, frame) in shown.enumerated() {
            let x = Self.margin + Double(column) * (cellWidth + Self.gap)
            body += "<text x=\"\(n(x))\" y=\"\(n(y + 12))\" font-size=\"12\">t = \(Self.seconds(frame.time)) s</text>"
            for (line, text) in Self.status(frame).enumerated() {
                body += "<text x=\"\(n(x))\" y=\"\(n(y + 25 + 13 * Double(line)))\" font-size=\"11\" fill=\"\(TransitionPlot.color(frame.transition?.phase))\">"
                body += "\(ArtifactText.xml(text))</text>"
            }
            body += "<svg x=\"\(n(x))\" y=\"\(n(y + Self.labelHeight))\" width=\"\(n(cellWidth))\" height=\"\(n(cellHeight))\""
            body += " viewBox=\"0 0 \(n(viewport.width)) \(n(viewport.height))\">"
            body += "<rect width=\"\(n(viewport.width))\" height=\"\(n(viewport.height))\" fill=\"#000000\"/>"
            body += drawing.svg(frame.nodes, idPrefix: "\(idPrefix)f\(column)")
            body += "</svg>"
            body += "<rect x=\"\(n(x))\" y=\"\(n(y + Self.labelHeight))\" width=\"\(n(cellWidth))\" height=\"\(n(cellHeight))\""
            body += " fill=\"none\" stroke=\"#888888\"/>\n"
        }
        y += Self.labelHeight + cellHeight + Self.margin
        var width = stripWidth
        if plots {
            let plot = TransitionPlot(view: plottedView, markers: shown.map(\.time))
            let plotWidth = max(stripWidth - Self.margin * 2, TransitionPlot.minimumWidth)
            let (elements, height) = plot.svg(frames, x: Self.margin, y: y, width: plotWidth)
            body += elements
            y += height + Self.margin
            width = max(width, plotWidth + Self.margin * 2)
        }
        return (body, width, y - top)
    }

    /// `count` times evenly spaced from the first frame with a transition to the first frame
    /// after the last one (so the first and last drawn frames show before and after), or over the
    /// whole recording when no transition ran.
    public static func evenlySpacedTimes(_ frames: [CapturedFrame], count: Int) -> [Double] {
        precondition(count > 0, "a filmstrip needs at least one frame")
        var start = frames[0].time, end = frames[frames.count - 1].time
        if let first = frames.firstIndex(where: { $0.transition != nil }),
           let last = frames.lastIndex(where: { $0.transition != nil }) {
            start = frames[max(first - 1, 0)].time
            end = frames[min(last + 1, frames.count - 1)].time
        }
        guard count > 1 else { return [start] }
        return (0..<count).map { start + (end - start) * Double($0) / Double(count - 1) }
    }

    /// The frame nearest `time` (the earlier one on a tie).
    static func frame(at time: Double, in frames: [CapturedFrame]) -> CapturedFrame {
        var best = frames[0]
        for frame in frames where abs(frame.time - time) < abs(best.time - time) - 1e-9 {
            best = frame
        }
        return best
    }

    /// ["present", "interactive 0.44"], or the top controller's name when no transition runs.
    static func status(_ frame: CapturedFrame) -> [String] {
        guard let t = frame.transition else { return [frame.top] }
        return [t.operation.rawValue, "\(t.phase.rawValue) \(ArtifactText.number(t.progress))"]
    }

    static func seconds(_ time: Double) -> String {
        let text = ArtifactText.number(time)
        return text.contains(".") ? (text.split(separator: ".")[1].count == 1 ? text + "0" : text) : text + ".00"
    }

    private func n(_ value: Double) -> String { ArtifactText.number(value) }
}

extension Filmstrip {
    /// Times as `segue record --svg-times` takes them: seconds, comma-separated ("0.2,0.4,0.6"),
    /// each finite, not negative, and later than the one before.
    public static func times(parsing text: String) throws(RecorderError) -> [Double] {
        var times: [Double] = []
        for field in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = field.trimmingCharacters(in: .whitespaces)
            guard let time = Double(trimmed), time.isFinite, time >= 0 else {
                throw .invalidOption("--svg-times: \"\(trimmed)\" is not a time in seconds")
            }
            if let previous = times.last, time <= previous {
                throw .invalidOption("--svg-times: \(trimmed) is not later than \(previous)")
            }
            times.append(time)
        }
        return times
    }
}
