import Foundation
import Motion
import Recorder
import Scenes
import UIKit
import Testing

@Suite("recorder")
struct RecorderTests {
    func lines(_ scene: String, _ script: InputScript, fps: Int = 60, duration: Double? = nil) throws -> [String] {
        let recorder = try Recorder(options: .init(scene: scene, fps: fps, duration: duration), script: script)
        var out: [String] = []
        recorder.run { out.append($0) }
        return out
    }

    func swipe() -> InputScript {
        var script = ScriptBuilder()
        script.drag(from: CGPoint(x: 389, y: 420), to: CGPoint(x: 189, y: 420), steps: 25)
        return script.script
    }

    @Test(arguments: ["slides", "menu", "stack", "fade", "photos", "settings", "sheet", "drawer"])
    func theSameInputGivesByteIdenticalOutput(scene: String) throws {
        let a = try lines(scene, swipe())
        let b = try lines(scene, swipe())
        #expect(a == b)
        #expect(a.count == Int(((swipe().lastEventTime + 2) * 60).rounded(.down)) + 1)
    }

    @Test func framesComeAtExactlyFpsWithTheDocumentedShape() throws {
        let out = try lines("slides", InputScript(), fps: 30, duration: 1)
        #expect(out.count == 31)
        let frame = try #require(JSONSerialization.jsonObject(with: Data(out[15].utf8)) as? [String: Any])
        #expect(frame["frame"] as? Int == 15)
        #expect(frame["t"] as? Double == 0.5)
        #expect(frame["top"] as? String == "first")
        #expect(frame["transition"] is NSNull)
        let nodes = try #require(frame["nodes"] as? [[String: Any]])
        #expect(nodes.first?["name"] as? String == "window")
        let first = try #require(nodes.first { $0["name"] as? String == "first" })
        #expect(first["w"] as? Int == 390 && first["h"] as? Int == 844)
        #expect((first["m"] as? [Double]) == [1, 0, 0, 1, 0, 0])
        #expect(first["alpha"] as? Int == 1)
        #expect(first["color"] as? String == UIColor(hex: 0x2E86DE).hexString)
        let next = try #require(nodes.first { $0["name"] as? String == "first-next" })
        #expect(next["text"] as? String == "Next")
        #expect(first["text"] == nil)
    }

    @Test func eventsApplyBeforeTheFirstFrameAtOrAfterTheirTime() throws {
        // A tap whose up lands between frames 20 and 21 starts the transition in frame 21.
        let center = CGPoint(x: 195, y: 844 - 48 - 25)
        let up = 20.5 / 60
        let script = InputScript(events: [
            .init(time: 0.2, pointer: PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: center, timestamp: 0.2)),
            .init(time: up, pointer: PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: center, timestamp: up)),
        ])
        let out = try lines("slides", script, duration: 0.5)
        #expect(!out[20].contains("\"operation\""))
        #expect(out[21].contains("\"operation\":\"present\",\"phase\":\"animating\""))
    }

    @Test(arguments: [
        ("{", "not valid JSON"),
        ("[]", "expected an object with an \"events\" array"),
        ("{\"events\":[{\"t\":0,\"type\":\"tap\",\"x\":1,\"y\":1}]}", "event 0: \"type\" must be one of down, move, up, cancel, resize"),
        ("{\"events\":[{\"t\":0,\"type\":\"resize\",\"width\":390}]}", "event 0: missing \"height\""),
        ("{\"events\":[{\"t\":0,\"type\":\"resize\",\"width\":0,\"height\":390}]}", "event 0: \"width\" and \"height\" must be between 1 and 8192"),
        ("{\"events\":[{\"t\":0,\"type\":\"resize\",\"width\":390,\"height\":9000}]}", "event 0: \"width\" and \"height\" must be between 1 and 8192"),
        ("{\"events\":[{\"type\":\"down\",\"x\":1,\"y\":1}]}", "event 0: missing \"t\""),
        ("{\"events\":[{\"t\":0,\"type\":\"down\",\"y\":1}]}", "event 0: missing \"x\""),
        ("{\"events\":[{\"t\":-1,\"type\":\"down\",\"x\":1,\"y\":1}]}", "event 0: \"t\" must be between 0 and 3600 seconds"),
        ("{\"events\":[{\"t\":0,\"type\":\"down\",\"x\":\"a\",\"y\":1}]}", "event 0: \"x\" must be a finite number"),
        ("{\"events\":[{\"t\":0,\"type\":\"down\",\"x\":1e9,\"y\":1}]}", "event 0: x and y must be within ±100000"),
        ("{\"events\":[{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":1,\"id\":1.5}]}", "event 0: \"id\" must be an integer within 0…2147483647"),
        ("{\"events\":[{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":1,\"id\":-3}]}", "event 0: \"id\" must be an integer within 0…2147483647"),
        ("{\"events\":[{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":1,\"pointer\":\"finger\"}]}", "event 0: \"pointer\" must be one of mouse, touch, pen"),
        ("{\"events\":[{\"t\":1,\"type\":\"down\",\"x\":1,\"y\":1},{\"t\":0.5,\"type\":\"up\",\"x\":1,\"y\":1}]}", "event 1: t 0.5 is earlier"),
    ])
    func invalidScriptsAreRejectedWithAClearMessage(json: String, message: String) {
        #expect {
            _ = try InputScript(json: Data(json.utf8))
        } throws: { error in
            (error as? RecorderError).map { "\($0)".contains(message) } ?? false
        }
    }

    /// Found by Fuzz/FuzzInputScript: numbers of 17 or more digits reached the recorder a few ulps off
    /// (JSONSerialization hands them over as NSDecimalNumber), so a script written with shortest
    /// round-trip numbers read back different, and a time just above 3600 rounded up out of range.
    @Test func numbersWithManyDigitsReadAsTheNearestDouble() throws {
        let json = #"{"events":[{"t":0.30000000000000004,"type":"down","x":152.56666666666663,"y":1.2345678901234567e-100}]}"#
        let event = try #require(try InputScript(json: Data(json.utf8)).events.first)
        #expect(event.time == 0.30000000000000004)
        #expect(event.pointer?.location == CGPoint(x: 152.56666666666663, y: 1.2345678901234567e-100))

        let last = #"{"events":[{"t":3600.0000000000000000000000000001,"type":"up","x":1,"y":2}]}"#
        #expect(try InputScript(json: Data(last.utf8)).events.first?.time == 3600)
    }

    @Test func badOptionsAreRejected() {
        #expect(throws: RecorderError.unknownScene("nope")) { try Recorder(options: .init(scene: "nope"), script: InputScript()) }
        #expect(throws: RecorderError.self) { try Recorder(options: .init(fps: 0), script: InputScript()) }
        #expect(throws: RecorderError.self) { try Recorder(options: .init(width: -5), script: InputScript()) }
        #expect(throws: RecorderError.self) { try Recorder(options: .init(duration: .nan), script: InputScript()) }
    }

    @Test func theCommandExitsWithStatusTwoOnBadInput() throws {
        let binary = BuiltProducts.segue
        try #require(FileManager.default.isExecutableFile(atPath: binary.path),
                     "no segue binary beside the tests at \(binary.path): build with swift build --build-tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["record", "--scene", "slides", "--input", "/nonexistent/script.json"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(message.contains("cannot read input /nonexistent/script.json"))
    }
}
