#if canImport(Glibc)
import Glibc
#endif

/// Keeps file requests inside the public directory after symlinks are resolved.
///
/// libwebsockets normalises `%2e%2e`, `//` and `/../` before it looks up a file, but it follows
/// symlinks inside the mount, so a link placed in the public directory could serve any file the
/// process can read. This resolves the path the way the kernel will and refuses anything whose
/// real location is outside.
struct PublicPathGuard: Sendable {
    /// The public directory with every symlink resolved, no trailing slash.
    let root: String
    let indexFile: String

    /// Whether the normalised request path `uri` (as lws hands it over, starting with `/`) may be
    /// served. For a path that does not exist, its deepest existing ancestor must be inside: lws
    /// answers 404 either way, but nothing is looked up through a link that leads out.
    func allows(uri: String) -> Bool {
        var path = uri
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        if path.hasSuffix("/") { path += indexFile }
        var candidate = root + path
        while true {
            if let resolved = realpath(candidate, nil) {
                defer { free(resolved) }
                let real = String(cString: resolved)
                return real == root || real.hasPrefix(root + "/")
            }
            guard let slash = candidate.lastIndex(of: "/"), candidate.count > root.count else { return true }
            candidate = String(candidate[..<slash])
        }
    }
}
