import CLibWebSockets

/// How the service thread waits for its sockets and timers.
public enum EventLoopKind: String, Sendable, CaseIterable {
    /// epoll, through libev, which lws drives with its `evlib_ev` plugin: a wakeup costs what the
    /// sockets that are ready cost.
    case epoll
    /// lws's built-in loop: every wakeup polls every socket, so its cost grows with sessions times
    /// wakeups (docs/performance.md, "The event loop: epoll, timerfd slots, an indexed descriptor
    /// table").
    case poll
}

/// The loop `Server.run()` turns, one wait and its callbacks at a time, checking for a termination
/// request and for the drain's end between turns.
///
/// For `.epoll` the server owns the libev loop and hands it to lws as a foreign loop. Letting lws
/// own it would mean `lws_service` entering `ev_run` until something breaks it, with nowhere to
/// notice SIGTERM between turns.
final class ServiceLoop {
    let kind: EventLoopKind
    /// The libev loop for `.epoll`, else nil. Must outlive the lws context that runs on it.
    private let evLoop: OpaquePointer?
    /// `lws_context_creation_info.foreign_loops`: one loop per service thread (lws has one).
    private let foreignLoops: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    init(kind: EventLoopKind) throws(ServerError) {
        self.kind = kind
        foreignLoops = .allocate(capacity: 1)
        switch kind {
        case .epoll:
            // NOSIGMASK: the server's own SIGINT/SIGTERM handlers stay as installed.
            guard let loop = ev_loop_new(UInt32(EVBACKEND_EPOLL) | UInt32(EVFLAG_NOSIGMASK)) else {
                foreignLoops.deallocate()
                throw .eventLoopUnavailable(reason: "libev has no epoll backend here")
            }
            evLoop = loop
            foreignLoops.initialize(to: UnsafeMutableRawPointer(loop))
        case .poll:
            evLoop = nil
            foreignLoops.initialize(to: nil)
        }
    }

    deinit {
        if let evLoop { ev_loop_destroy(evLoop) }
        foreignLoops.deallocate()
    }

    /// Sets what the context needs to run on this loop.
    func configure(_ info: inout lws_context_creation_info) {
        guard kind == .epoll else { return }
        info.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
        info.foreign_loops = foreignLoops
    }

    /// Waits for sockets or timers once and runs their callbacks. False once lws has given up on
    /// the context.
    func turn(_ context: OpaquePointer) -> Bool {
        guard let evLoop else { return lws_service(context, 0) >= 0 }
        ev_run(evLoop, Int32(EVRUN_ONCE))
        return true
    }
}
