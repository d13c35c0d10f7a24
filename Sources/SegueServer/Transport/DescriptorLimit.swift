import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Makes libwebsockets find a connection from its descriptor by indexing, not by searching.
///
/// lws 4.1.6 keeps a table from descriptor to connection. When `fd_limit_per_thread` (plus the 2
/// lws adds) is below the process's soft `RLIMIT_NOFILE` as lws reads it while making the context,
/// it sizes the table to the limit and *searches* it on every socket event (`wsi_from_fd`), so each
/// event costs time in proportion to the connections open. At or above the soft limit, the table is indexed by descriptor number.
///
/// So the soft limit is held at exactly lws's size while the context is made, and put back right
/// after: lws keeps its own bound on connections (a connection whose descriptor is past the table is
/// refused and closed by lws), and `accept` still succeeds when lws's table is full, so a refused
/// connection is closed at once rather than left in the kernel's queue with the listen socket
/// readable.
enum DescriptorLimit {
    /// Servers made on several threads (the tests do) must not see each other's lowered limit as
    /// the one to put back.
    private static let creation = Mutex(())
    private static let descriptorResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

    /// Runs `make` with the soft limit at `tableSize + 2` (or the hard limit, if lower).
    static func whileMakingContext(
        tableSize: Int, _ make: () -> OpaquePointer?
    ) -> OpaquePointer? {
        creation.withLock { _ in
            var limits = rlimit()
            guard getrlimit(descriptorResource, &limits) == 0 else { return make() }
            let original = limits.rlim_cur
            limits.rlim_cur = min(rlim_t(tableSize + 2), limits.rlim_max)
            setrlimit(descriptorResource, &limits)
            let context = make()
            limits.rlim_cur = max(original, limits.rlim_cur)
            setrlimit(descriptorResource, &limits)
            return context
        }
    }
}
