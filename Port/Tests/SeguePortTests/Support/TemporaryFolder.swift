import Foundation

/// A folder of files for one test, removed when the test is done with it (`defer { folder.remove() }`).
struct TemporaryFolder {
    let url: URL

    init(files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appending(path: "segue-port-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (path, text) in files { try write(text, to: path) }
    }

    var path: String { url.path }

    func write(_ text: String, to relativePath: String) throws {
        let file = url.appending(path: relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOf: url.appending(path: relativePath), encoding: .utf8)
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appending(path: relativePath).path)
    }

    func modificationDate(of relativePath: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.appending(path: relativePath).path)[.modificationDate] as? Date
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Sources to port, and what they become.
enum Samples {
    static let menu = """
        final class MenuViewController {
            @objc func handlePan(_ recognizer: Recognizer) {}
            func wire() { pan.addTarget(self, action: #selector(handlePan(_:))) }
        }

        """
    static let portedMenu = """
        final class MenuViewController {
            func handlePan(_ recognizer: Recognizer) {}
            func wire() { pan.addTarget(self, action: Selector(MenuViewController.handlePan(_:))) }
        }

        """
    static let plain = "struct Plain {}\n"
    static let storyboard = """
        final class Detail {
            func show() { performSegue(withIdentifier: "show", sender: nil) }
        }

        """
}
