import Foundation
import Testing
@testable import SeguePort

@Suite struct FilePorterTests {
    @Test func portsInPlaceAndSaysWhat() throws {
        let folder = try TemporaryFolder(files: ["App/Menu.swift": Samples.menu, "App/Plain.swift": Samples.plain])
        defer { folder.remove() }
        let report = try FilePorter(options: .init(paths: [folder.path + "/App"])).run()
        #expect(report.status == .success)
        #expect(report.lines == [
            "\(folder.path)/App/Menu.swift:2:5: removed @objc",
            "\(folder.path)/App/Menu.swift:3:47: #selector(handlePan(_:)) → Selector(MenuViewController.handlePan(_:))",
        ])
        #expect(try folder.read("App/Menu.swift") == Samples.portedMenu)
        #expect(try folder.read("App/Plain.swift") == Samples.plain)
    }

    @Test func writesOnlyFilesWhoseTextChanges() throws {
        let folder = try TemporaryFolder(files: ["App/Menu.swift": Samples.menu, "App/Plain.swift": Samples.plain])
        defer { folder.remove() }
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for file in ["App/Menu.swift", "App/Plain.swift"] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.path + "/" + file)
        }
        _ = try FilePorter(options: .init(paths: [folder.path + "/App"])).run()
        #expect(try folder.modificationDate(of: "App/Plain.swift") == past)
        #expect(try folder.modificationDate(of: "App/Menu.swift") != past)
    }

    @Test func reportsUnportableCodeAndStillWritesTheRewrites() throws {
        let folder = try TemporaryFolder(files: ["Detail.swift": "@objc " + Samples.storyboard])
        defer { folder.remove() }
        let report = try FilePorter(options: .init(paths: [folder.path + "/Detail.swift"])).run()
        #expect(report.status == .needsWork)
        #expect(report.lines == [
            "\(folder.path)/Detail.swift:1:1: removed @objc",
            "\(folder.path)/Detail.swift:2:19: cannot port: performSegue(withIdentifier:sender:) — Segue loads no storyboards or nibs",
        ])
        #expect(try folder.read("Detail.swift") == Samples.storyboard)
    }

    @Test func writesCopiesBelowTheOutputFolderAndLeavesTheInputs() throws {
        let folder = try TemporaryFolder(files: [
            "App/Transitions/Menu.swift": Samples.menu, "App/Transitions/Sub/Plain.swift": Samples.plain,
            "Single/Card.swift": Samples.menu,
        ])
        defer { folder.remove() }
        let options = FilePorter.Options(paths: [folder.path + "/App/Transitions", folder.path + "/Single/Card.swift"],
                                         outputDirectory: folder.path + "/Out")
        let report = try FilePorter(options: options).run()
        #expect(report.status == .success)
        #expect(report.lines.count == 4)
        #expect(try folder.read("Out/Menu.swift") == Samples.portedMenu)
        #expect(try folder.read("Out/Sub/Plain.swift") == Samples.plain)
        #expect(try folder.read("Out/Card.swift") == Samples.portedMenu)
        #expect(try folder.read("App/Transitions/Menu.swift") == Samples.menu)
        #expect(try folder.read("Single/Card.swift") == Samples.menu)
    }

    @Test func refusesTwoInputsForOneCopyAndWritesNothing() throws {
        let folder = try TemporaryFolder(files: ["A/Menu.swift": Samples.menu, "B/Menu.swift": Samples.menu])
        defer { folder.remove() }
        let options = FilePorter.Options(paths: [folder.path + "/A", folder.path + "/B"], outputDirectory: folder.path + "/Out")
        #expect(throws: PortError.sameOutput(folder.path + "/A/Menu.swift", folder.path + "/B/Menu.swift", folder.path + "/Out/Menu.swift")) {
            try FilePorter(options: options).run()
        }
        #expect(!folder.exists("Out"))
    }

    @Test func checkWritesNothingAndSaysWhetherAnythingWouldChange() throws {
        let folder = try TemporaryFolder(files: ["Menu.swift": Samples.menu, "Plain.swift": Samples.plain])
        defer { folder.remove() }
        let wouldChange = try FilePorter(options: .init(paths: [folder.path], check: true)).run()
        #expect(wouldChange.status == .needsWork)
        #expect(wouldChange.lines.count == 2)
        #expect(try folder.read("Menu.swift") == Samples.menu)

        let clean = try FilePorter(options: .init(paths: [folder.path + "/Plain.swift"], check: true)).run()
        #expect(clean == FilePorter.Report(lines: [], status: .success))
    }

    @Test func aMissingPathWritesNothing() throws {
        let folder = try TemporaryFolder(files: ["Menu.swift": Samples.menu])
        defer { folder.remove() }
        #expect(throws: PortError.noSuchPath(folder.path + "/Missing.swift")) {
            try FilePorter(options: .init(paths: [folder.path + "/Menu.swift", folder.path + "/Missing.swift"])).run()
        }
        #expect(try folder.read("Menu.swift") == Samples.menu)
    }

    @Test func rejectsAFileThatIsNotUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data([0x2F, 0x2F, 0xFF, 0xFE, 0x0A]).write(to: folder.url.appending(path: "Latin.swift"))
        #expect(throws: PortError.notUTF8(folder.path + "/Latin.swift")) {
            try FilePorter(options: .init(paths: [folder.path])).run()
        }
    }
}
