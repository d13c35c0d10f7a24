#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What the tests know of the build they are part of: the executables beside them, and whether it
/// was built with a sanitizer.
enum BuiltProducts {
    /// The `segue` executable that `swift build --build-tests` puts beside the test bundle, in
    /// whichever build directory and configuration the tests run from (scripts/test runs a debug
    /// build under AddressSanitizer and a release build).
    static var segue: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("segue")
    }

    /// Whether this build runs under AddressSanitizer (`swift build --sanitize=address`): its
    /// runtime is linked into every executable and exports `__asan_init`. scripts/test also sets
    /// SEGUE_SANITIZER=address for that run.
    nonisolated static let isAddressSanitized: Bool = {
        if ProcessInfo.processInfo.environment["SEGUE_SANITIZER"] == "address" { return true }
        #if canImport(Glibc)
        return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
        #else
        return false
        #endif
    }()
}
