import Foundation
import Testing

/// The README's "Write your own transition" shows SlideUp.swift and SlideUpTests.swift verbatim:
/// this target compiles and runs them, and this test keeps the README's copies identical, so the
/// example cannot rot.
@Suite("README: Write your own transition")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift code blocks of the README's section `heading`, in order.
    static func swiftBlocks(under heading: String) throws -> [String] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## \(heading)\n") else { return [] }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ")[0]
        return section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test func theReadmeShowsTheCompiledExampleVerbatim() throws {
        let blocks = try Self.swiftBlocks(under: "Write your own transition")
        let files = try ["SlideUp.swift", "SlideUpTests.swift"].map {
            try String(contentsOf: Self.root.appendingPathComponent("Tests/ReadmeExampleTests/\($0)"), encoding: .utf8)
        }
        #expect(blocks == files)
    }
}
