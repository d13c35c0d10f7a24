/// Why the server could not start. Each case's description is written for the person who typed
/// the command.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    case invalidConfiguration(String)
    case publicDirectoryNotFound(path: String)
    case portInUse(host: String, port: Int)
    case addressNotAvailable(host: String)
    /// libwebsockets refused to create its context; its own log says why.
    case contextCreationFailed
    /// Listening failed for a reason other than the two above; `reason` is the system's.
    case cannotListen(address: String, reason: String)
    /// libwebsockets would not watch the listen socket.
    case listenerNotWatched
    /// A timer (a `timerfd`) could not be made or watched; `reason` says why.
    case timerUnavailable(reason: String)
    /// The epoll event loop could not be made; `reason` says which step failed.
    case eventLoopUnavailable(reason: String)
    /// `--workers` with port 0: no port could be reserved for the workers to share.
    case portReservationFailed(host: String)
    /// The pipe the workers report readiness through could not be made.
    case readinessPipeFailed(reason: String)
    /// A worker process could not be started.
    case workerSpawnFailed(index: Int, reason: String)
    /// Some workers of `serve --workers` exited or hung before listening; each logged why.
    case workersDidNotStart(failed: Int, of: Int)

    public var description: String {
        switch self {
        case .invalidConfiguration(let message):
            return "invalid configuration: \(message)"
        case .publicDirectoryNotFound(let path):
            return "the public directory '\(path)' does not exist or is not a directory; "
                + "pass --public DIR or run from the package root"
        case .portInUse(let host, let port):
            return "port \(port) on \(host) is already in use; stop the other server or pass "
                + "--port with a free port"
        case .addressNotAvailable(let host):
            return "cannot listen on \(host): no network interface has that address"
        case .contextCreationFailed:
            return "libwebsockets could not start; its log above says why"
        case .cannotListen(let address, let reason):
            return "could not listen on \(address): \(reason)"
        case .listenerNotWatched:
            return "libwebsockets would not watch the listen socket"
        case .timerUnavailable(let reason):
            return "could not make a timer: \(reason)"
        case .eventLoopUnavailable(let reason):
            return "could not start the epoll event loop: \(reason); pass --event-loop poll to use lws's own"
        case .portReservationFailed(let host):
            return "could not reserve a port on \(host) for the workers to share"
        case .readinessPipeFailed(let reason):
            return "could not make the pipe workers report readiness through: \(reason)"
        case .workerSpawnFailed(let index, let reason):
            return "could not start worker \(index): \(reason)"
        case .workersDidNotStart(let failed, let count):
            return "\(failed) of \(count) workers did not start; each one's reason is logged above"
        }
    }
}
