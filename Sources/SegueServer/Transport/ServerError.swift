/// Why the server could not start. Each case's description is written for the person who typed
/// the command.
public enum ServerError: Error, Equatable, CustomStringConvertible {
    case invalidConfiguration(String)
    case publicDirectoryNotFound(path: String)
    case portInUse(host: String, port: Int)
    case addressNotAvailable(host: String)
    /// libwebsockets refused to create its context or listening vhost; its own log says why.
    case contextCreationFailed(String)
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
        case .contextCreationFailed(let detail):
            return "libwebsockets could not start: \(detail)"
        case .workersDidNotStart(let failed, let count):
            return "\(failed) of \(count) workers did not start; each one's reason is logged above"
        }
    }
}
