import Foundation
import Motion
import UIKit

/// A recording's curves over time, as SVG: the transition's progress, and one view's x and y
/// (its on-screen frame's origin, in points) and its scale and alpha, each line coloured by the
/// transition's phase at that moment, with axes, a legend and dotted markers at the filmstrip's
/// frames.
struct TransitionPlot {
    /// The view whose geometry is plotted; nil plots the progress alone.
    var view: String?
    /// Times marked with a dotted vertical line (the frames drawn above the plot).
    var markers: [Double]

    static let minimumWidth = 560.0
    static let panelHeight = 130.0
    static let panelGap = 36.0
    static let legendHeight = 44.0
    /// Room left of a panel for its tick labels, and below the last for the time axis.
    static let axisWidth = 48.0
    static let axisHeight = 30.0

    /// The colour of each phase; gray where no transition runs.
    static func color(_ phase: TransitionStatus.Phase?) -> String {
        switch phase {
        case .animating: "#1f77b4"
        case .interactive: "#ff7f0e"
        case .finishing: "#2ca02c"
        case .cancelling: "#d62728"
        case nil: "#999999"
        }
    }

    /// One curve: a value per frame (nil where the view is not on screen) and its dash pattern.
    private struct Series {
        var name: String
        var values: [Double?]
        var dashed: Bool
    }

    private struct Panel {
        var title: String
        var series: [Series]
        /// Fixed bounds, or nil to fit the values.
        var range: ClosedRange<Double>?
    }

    /// The plot's elements with its top-left corner at (x, y), and its height.
    func svg(_ frames: [CapturedFrame], x: Double, y: Double, width: Double) -> (String, Double) {
        var panels = [Panel(title: "progress", series: [Series(name: "progress", values: frames.map { $0.transition?.progress }, dashed: false)],
                            range: 0...1)]
        if let view {
            let nodes = frames.map { $0.node(view) }
            panels.append(Panel(title: "\(view): x (solid), y (dashed), points", series: [
                Series(name: "x", values: nodes.map { $0.map { Double($0.screenFrame.minX) } }, dashed: false),
                Series(name: "y", values: nodes.map { $0.map { Double($0.screenFrame.minY) } }, dashed: true),
            ], range: nil))
            panels.append(Panel(title: "\(view): scale (solid), alpha (dashed)", series: [
                Series(name: "scale", values: nodes.map { $0.map { ($0.transform.a * $0.transform.a + $0.transform.b * $0.transform.b).squareRoot() } }, dashed: false),
                Series(name: "alpha", values: nodes.map { $0?.alpha }, dashed: true),
            ], range: nil))
        }
        let times = frames.map(\.time)
        let phases = frames.map { $0.transition?.phase }
        let t0 = times.first ?? 0, t1 = max(times.last ?? 1, t0 + 1e-6)
        let left = x + Self.axisWidth, plotWidth = width - Self.axisWidth
        func px(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }

        var out = legend(x: left, y: y)
        var top = y + Self.legendHeight
        for panel in panels {
            let bottom = top + Self.panelHeight
            let range = panel.range ?? Self.fittedRange(panel.series.flatMap { $0.values.compactMap { $0 } })
            func py(_ v: Double) -> Double { bottom - (v - range.lowerBound) / (range.upperBound - range.lowerBound) * Self.panelHeight }
            out += "<text x=\"\(n(left))\" y=\"\(n(top - 6))\" font-size=\"12\" font-weight=\"bold\">\(ArtifactText.xml(panel.title))</text>"
            out += "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(Self.panelHeight))\" fill=\"#fafafa\" stroke=\"#cccccc\"/>"
            for tick in Self.ticks(range) {
                out += "<line x1=\"\(n(left))\" y1=\"\(n(py(tick)))\" x2=\"\(n(left + plotWidth))\" y2=\"\(n(py(tick)))\" stroke=\"#e4e4e4\"/>"
                out += "<text x=\"\(n(left - 6))\" y=\"\(n(py(tick) + 4))\" font-size=\"10\" text-anchor=\"end\">\(n(tick))</text>"
            }
            for tick in Self.ticks(t0...t1) {
                out += "<line x1=\"\(n(px(tick)))\" y1=\"\(n(bottom))\" x2=\"\(n(px(tick)))\" y2=\"\(n(bottom + 4))\" stroke=\"#333333\"/>"
                out += "<text x=\"\(n(px(tick)))\" y=\"\(n(bottom + 15))\" font-size=\"10\" text-anchor=\"middle\">\(n(tick))</text>"
            }
            for marker in markers {
                out += "<line x1=\"\(n(px(marker)))\" y1=\"\(n(top))\" x2=\"\(n(px(marker)))\" y2=\"\(n(bottom))\" stroke=\"#888888\" stroke-dasharray=\"1 3\"/>"
            }
            for series in panel.series {
                out += Self.polylines(series.values, times: times, phases: phases, dashed: series.dashed, px: px, py: py)
            }
            out += "\n"
            top = bottom + Self.panelGap
        }
        let axisLabelY = top - Self.panelGap + Self.axisHeight
        out += "<text x=\"\(n(left + plotWidth))\" y=\"\(n(axisLabelY))\" font-size=\"11\" text-anchor=\"end\">t (s)</text>\n"
        return (out, axisLabelY - y)
    }

    /// The phases' colours and the dash patterns, on one line.
    private func legend(x: Double, y: Double) -> String {
        var out = ""
        var cursor = x
        let entries: [(String, TransitionStatus.Phase?)] = TransitionStatus.Phase.allCases.map { ($0.rawValue, $0) } + [("no transition", nil)]
        for (label, phase) in entries {
            out += "<line x1=\"\(n(cursor))\" y1=\"\(n(y + 10))\" x2=\"\(n(cursor + 18))\" y2=\"\(n(y + 10))\" stroke=\"\(Self.color(phase))\" stroke-width=\"3\"/>"
            out += "<text x=\"\(n(cursor + 22))\" y=\"\(n(y + 14))\" font-size=\"11\">\(label)</text>"
            cursor += 30 + Double(label.count) * 6.5
        }
        return out + "\n"
    }

    /// The curve as polylines, one per stretch of frames in the same phase; each stretch starts at
    /// the last point of the one before, so the curve has no gaps except where the value is absent.
    private static func polylines(_ values: [Double?], times: [Double], phases: [TransitionStatus.Phase?], dashed: Bool,
                                  px: (Double) -> Double, py: (Double) -> Double) -> String {
        var out = ""
        var points: [String] = []
        var phase: TransitionStatus.Phase?
        func flush() {
            if points.count > 1 {
                out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(color(phase))\" stroke-width=\"2\""
                out += dashed ? " stroke-dasharray=\"5 3\"/>" : "/>"
            }
            points.removeAll()
        }
        var previous: String?
        for i in values.indices {
            guard let value = values[i] else {
                flush()
                previous = nil
                continue
            }
            let point = "\(ArtifactText.number(px(times[i]))),\(ArtifactText.number(py(value)))"
            if phases[i] != phase {
                flush()
                phase = phases[i]
                if let previous { points.append(previous) }
            }
            points.append(point)
            previous = point
        }
        flush()
        return out
    }

    /// The values' bounds widened to round ticks, never empty.
    static func fittedRange(_ values: [Double]) -> ClosedRange<Double> {
        guard var low = values.min(), var high = values.max() else { return 0...1 }
        if high - low < 1e-6 { low -= 1; high += 1 }
        let step = tickStep(high - low)
        return (low / step).rounded(.down) * step...(high / step).rounded(.up) * step
    }

    /// A round step (1, 2 or 5 times a power of ten) giving about five ticks over `span`.
    static func tickStep(_ span: Double) -> Double {
        let raw = span / 5
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power
    }

    /// Multiples of the tick step within `range`.
    static func ticks(_ range: ClosedRange<Double>) -> [Double] {
        let step = tickStep(range.upperBound - range.lowerBound)
        var ticks: [Double] = []
        var k = (range.lowerBound / step - 1e-9).rounded(.up)
        while k * step <= range.upperBound + step * 1e-9 {
            ticks.append(k * step)
            k += 1
        }
        return ticks
    }

    private func n(_ value: Double) -> String { ArtifactText.number(value) }
}
