import Motion
import UIKit

/// A recording's geometry as JSON, one frame a line, for a reviewable diff: each frame's time, top
/// controller and transition, and each named view's on-screen frame `[x, y, width, height]`, and
/// its alpha where it is not 1, numbers rounded to hundredths.
public struct GeometryJSON: Sendable {
    /// Every how many frames one is written: 1 writes all; 3 writes 20 of every 60.
    public var stride: Int

    public init(stride: Int = 3) {
        precondition(stride > 0, "stride must be positive")
        self.stride = stride
    }

    /// The document for `frames`; the last frame is always written, so the end state shows.
    public func json(_ frames: [CapturedFrame]) -> String {
        var lines: [String] = []
        for (i, frame) in frames.enumerated() where i % stride == 0 || i == frames.count - 1 {
            lines.append(line(frame))
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    private func line(_ frame: CapturedFrame) -> String {
        var out = "{\"t\":\(n(frame.time)),\"top\":\(string(frame.top)),\"transition\":"
        if let t = frame.transition {
            out += "{\"operation\":\"\(t.operation.rawValue)\",\"phase\":\"\(t.phase.rawValue)\",\"progress\":\(n(t.progress))}"
        } else {
            out += "null"
        }
        out += ",\"views\":{"
        var seen = Set<String>()
        var first = true
        for node in frame.nodes where seen.insert(node.name).inserted {
            let r = node.screenFrame
            out += (first ? "" : ",") + string(node.name) + ":[\(n(r.minX)),\(n(r.minY)),\(n(r.width)),\(n(r.height))"
            if ArtifactText.number(node.alpha) != "1" { out += ",\(n(node.alpha))" }
            out += "]"
            first = false
        }
        return out + "}}"
    }

    private func n(_ value: Double) -> String { ArtifactText.number(value) }

    private func string(_ text: String) -> String {
        var out = ""
        FrameWriter.appendString(text, to: &out)
        return out
    }
}
