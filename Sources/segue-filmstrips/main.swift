import Foundation
import SegueTesting

// Writes docs/filmstrips/<scene>.svg for every built-in scene: its transition cycle, one filmstrip
// per action (scripts/filmstrips runs this). The only argument is the folder to write to.

let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "docs/filmstrips", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for scene in Scene.all where !scene.transitionCycle.isEmpty {
        let file = folder.appendingPathComponent("\(scene.name).svg")
        try Data(SceneRun.transitionCycleSheet(scene).utf8).write(to: file)
        print(file.path)
    }
} catch {
    FileHandle.standardError.write(Data("segue-filmstrips: \(error)\n".utf8))
    exit(1)
}
