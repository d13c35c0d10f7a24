import Testing
@testable import SeguePort

@Suite struct SourceFilesTests {
    @Test func walksFoldersInPathOrderSkippingHiddenOnesAndOtherFiles() throws {
        let folder = try TemporaryFolder(files: [
            "App/b.swift": "", "App/a.swift": "", "App/A/z.swift": "", "App/A.swift": "",
            "App/notes.md": "", "App/.hidden.swift": "", "App/.build/x.swift": "", "App/.build-linux/y.swift": "",
            "App/.git/z.swift": "", "App/Deep/Er/c.swift": "",
        ])
        defer { folder.remove() }
        let found = try SourceFiles.find(in: [folder.path + "/App/"])
        #expect(found.map(\.relativePath) == ["A.swift", "A/z.swift", "Deep/Er/c.swift", "a.swift", "b.swift"])
        #expect(found.first?.path == folder.path + "/App/A.swift")
    }

    @Test func takesAFileByItselfAndListsAFileReachedTwiceOnce() throws {
        let folder = try TemporaryFolder(files: ["App/Card.swift": "", "App/Menu.swift": "", "README": ""])
        defer { folder.remove() }
        let found = try SourceFiles.find(in: [folder.path + "/README", folder.path + "/App", folder.path + "/App/./Card.swift"])
        #expect(found == [
            SourceFile(path: folder.path + "/README", relativePath: "README"),
            SourceFile(path: folder.path + "/App/Card.swift", relativePath: "Card.swift"),
            SourceFile(path: folder.path + "/App/Menu.swift", relativePath: "Menu.swift"),
        ])
    }

    @Test func aMissingPathIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: PortError.noSuchPath(folder.path + "/Nope")) {
            try SourceFiles.find(in: [folder.path, folder.path + "/Nope"])
        }
    }
}
