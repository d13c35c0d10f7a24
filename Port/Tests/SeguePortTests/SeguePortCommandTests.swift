import Foundation
import Testing

/// `segue-port` as a user runs it: arguments in, lines and an exit status out.
@Suite struct SeguePortCommandTests {
    private func segueport(_ arguments: String..., in folder: TemporaryFolder) throws -> ProcessResult {
        try run(Paths.segueport, arguments, in: folder.url)
    }

    @Test func portsInPlacePrintingPathsAsGivenAndExits0() throws {
        let folder = try TemporaryFolder(files: ["App/Menu.swift": Samples.menu, "App/Plain.swift": Samples.plain])
        defer { folder.remove() }
        let result = try segueport("App", in: folder)
        #expect(result.status == 0)
        #expect(result.stdout == """
            App/Menu.swift:2:5: removed @objc
            App/Menu.swift:3:47: #selector(handlePan(_:)) → Selector(MenuViewController.handlePan(_:))

            """)
        #expect(result.stderr == "")
        #expect(try folder.read("App/Menu.swift") == Samples.portedMenu)
    }

    @Test func aSecondRunChangesNothingAndPrintsNothing() throws {
        let folder = try TemporaryFolder(files: ["App/Menu.swift": Samples.menu])
        defer { folder.remove() }
        _ = try segueport("App", in: folder)
        let second = try segueport("App", in: folder)
        #expect(second.status == 0)
        #expect(second.stdout == "")
        #expect(try folder.read("App/Menu.swift") == Samples.portedMenu)
    }

    @Test func exits1WhenSomethingCannotBePorted() throws {
        let folder = try TemporaryFolder(files: ["Detail.swift": Samples.storyboard, "Menu.swift": Samples.menu])
        defer { folder.remove() }
        let result = try segueport("Detail.swift", "Menu.swift", in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("Detail.swift:2:19: cannot port: performSegue(withIdentifier:sender:) — Segue loads no storyboards or nibs\nMenu.swift:2:5: removed @objc\n"))
        #expect(try folder.read("Menu.swift") == Samples.portedMenu)
    }

    @Test func checkChangesNothingAndExits1OnlyWhenSomethingWouldChange() throws {
        let folder = try TemporaryFolder(files: ["Menu.swift": Samples.menu, "Plain.swift": Samples.plain])
        defer { folder.remove() }
        let wouldChange = try segueport("--check", ".", in: folder)
        #expect(wouldChange.status == 1)
        #expect(wouldChange.stdout.components(separatedBy: "\n").first == "./Menu.swift:2:5: removed @objc")
        #expect(try folder.read("Menu.swift") == Samples.menu)

        let clean = try segueport("--check", "Plain.swift", in: folder)
        #expect(clean.status == 0)
        #expect(clean.stdout == "")
    }

    @Test func outputWritesCopiesAndLeavesTheInputs() throws {
        let folder = try TemporaryFolder(files: ["App/Transitions/Menu.swift": Samples.menu, "App/Transitions/Sub/Plain.swift": Samples.plain])
        defer { folder.remove() }
        let result = try segueport("--output", "Ported", "App/Transitions", in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("App/Transitions/Menu.swift:2:5: removed @objc\n"))
        #expect(try folder.read("Ported/Menu.swift") == Samples.portedMenu)
        #expect(try folder.read("Ported/Sub/Plain.swift") == Samples.plain)
        #expect(try folder.read("App/Transitions/Menu.swift") == Samples.menu)
    }

    @Test func aMissingPathExits2AndWritesNothing() throws {
        let folder = try TemporaryFolder(files: ["Menu.swift": Samples.menu])
        defer { folder.remove() }
        let result = try segueport("Menu.swift", "Missing", in: folder)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "segue-port: no such file or directory: Missing\n")
        #expect(try folder.read("Menu.swift") == Samples.menu)
    }

    @Test(arguments: [
        ([], "segue-port: Missing expected argument '<path> ...'\n"),
        (["--frobnicate", "App"], "segue-port: Unknown option '--frobnicate'\n"),
        (["--output"], "segue-port: Missing value for '--output <dir>'\n"),
    ])
    func usageErrorsExit2WithOneLine(_ arguments: [String], _ message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try run(Paths.segueport, arguments, in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }

    @Test func helpExits0() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try segueport("--help", in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: segue-port [--output <dir>] [--check] <path> ..."))
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let files = ["B/Menu.swift": Samples.menu, "A/Detail.swift": Samples.storyboard, "A/Sub/Card.swift": Samples.menu]
        var outputs: [String] = []
        for _ in 0..<2 {
            let folder = try TemporaryFolder(files: files)
            defer { folder.remove() }
            let result = try segueport("B", "A", in: folder)
            outputs.append(result.stdout + (try folder.read("A/Sub/Card.swift")))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].hasPrefix("B/Menu.swift:2:5: removed @objc\nB/Menu.swift:3:47: #selector(handlePan(_:)) → Selector(MenuViewController.handlePan(_:))\nA/Detail.swift:2:19: cannot port"))
    }
}
