import Motion
@testable import Recorder
import Scenes
import UIKit
import Testing

/// `segue record` prints what version 3 added: shadows, borders' absence, corner radii and the
/// visible screen's hint, so depth and hints are testable headlessly.
@Suite("depth and hints in recordings")
struct DepthRecordingTests {
    @Test func theCardCastsAShadowAndItsHintIsPrinted() throws {
        let idle = try record("menu", duration: 0)
        #expect(idle.last.json.contains(#""hint":"Swipe from the left edge for the menu""#))
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "home-show-card")))
        let run = try record("menu", script.script)
        let card = try #require(run.last.node("card"))
        #expect(card.shadow == Shadow(color: .black, opacity: 0.25, radius: 16, offset: CGSize(width: 0, height: 8)))
        #expect(run.last.json.contains(#""hint":"Tap the card to close it""#))
        #expect(run.last.json.contains(##""radius":12,"shadow":{"color":"#000000ff","opacity":0.25,"radius":16,"offset":[0,8]}"##))
        // Nodes without depth print as before: no shadow or border key (the scenes draw no borders).
        #expect(!idle.last.json.contains("\"shadow\""))
        #expect(!idle.last.json.contains("\"border\""))
    }

    @Test func aBorderPrintsItsWidthAndColor() {
        let framed = DisplayNode(id: 7, name: "framed", size: CGSize(width: 20, height: 10),
                                 border: Border(width: 1.5, color: .systemRed))
        var writer = FrameWriter()
        let line = writer.write(frame: 0, time: 0, top: "t", transition: nil,
                                list: DisplayList(viewport: CGSize(width: 20, height: 10), nodes: [framed]))
        #expect(line.contains(#""border":{"width":1.5,"color":"\#(UIColor.systemRed.hexString)"}"#))
    }

    /// Dimmed as UIKit dims (`tintAdjustmentMode = .dimmed` greys tint colours only), the
    /// squeezed presenter keeps its background colour.
    @Test func theSqueezedPresenterIsRoundedAndKeepsItsColourUnderTheStackModal() throws {
        let idle = try record("stack", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "stackfirst-present")))
        let run = try record("stack", script.script)
        let snapshot = try #require(run.last.node("stackfirst-snapshot"))
        #expect(snapshot.cornerRadius == 10 && snapshot.clipsToBounds)
        let original = try #require(idle.last.node("stackfirst"))
        #expect(snapshot.backgroundColor == original.backgroundColor)
        #expect(try #require(run.last.node("stacksecond")).shadow.opacity == 0.3)
        #expect(run.last.json.contains(#""hint":"Drag down to dismiss""#))
    }
}
