import CLibWebSockets
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM handling for `Server.run()`.
///
/// A signal handler may only touch async-signal-safe state, so it records the request in an atomic
/// and wakes the service thread with `lws_cancel_service`, the one lws call that is safe off that
/// thread. The service loop notices the flag and shuts down on its own thread. Process-wide because
/// signal dispositions are.
enum TerminationSignal {
    private static let requested = Atomic<Bool>(false)
    /// The context to wake, as an address; 0 while no server is running.
    private static let contextAddress = Atomic<UInt>(0)

    static var isRequested: Bool { requested.load(ordering: .acquiring) }

    static func install(waking context: OpaquePointer) {
        requested.store(false, ordering: .releasing)
        contextAddress.store(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(context))),
                             ordering: .releasing)
        signal(SIGINT, terminationSignalHandler)
        signal(SIGTERM, terminationSignalHandler)
    }

    /// Called before the context is destroyed, so a late signal cannot wake freed memory.
    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        contextAddress.store(0, ordering: .releasing)
    }

    fileprivate static func handle() {
        requested.store(true, ordering: .releasing)
        if let context = OpaquePointer(bitPattern: contextAddress.load(ordering: .acquiring)) {
            lws_cancel_service(context)
        }
    }
}

private func terminationSignalHandler(_: Int32) {
    TerminationSignal.handle()
}
