import CLibWebSockets
#if canImport(Glibc)
import Glibc
#endif

/// The server's listen socket, opened here rather than by libwebsockets so the server can stop
/// accepting when it drains: lws 4.1.6 has no call that closes a vhost's own listener and keeps its
/// connections.
///
/// lws watches the socket as a raw file on the service thread; each connection accepted is adopted
/// as if lws had accepted it, so HTTP, mounts and WebSocket upgrades work exactly as with lws's own
/// listener. A worker of `--workers` shares its port with the others (`SO_REUSEPORT`) and the kernel
/// spreads incoming connections across them, so each worker accepts only its share.
final class Listener {
    let port: Int
    private let descriptor: Int32
    /// The raw-file connection lws watches the socket through, once `watch(in:)` succeeded. lws owns
    /// the socket from then on and closes it with this connection.
    private var watcher: OpaquePointer?
    private var isAdopted = false
    /// Connections taken per readable event, so a burst cannot starve established sessions.
    static let acceptBatch = 64

    init(address: IPAddress, port: Int, sharingPort: Bool) throws(ServerError) {
        switch address.listen(port: port, sharingPort: sharingPort) {
        case .success(let listening):
            descriptor = listening.descriptor
            self.port = listening.port
        case .failure(let error):
            switch error.code {
            case EADDRINUSE: throw .portInUse(host: address.numeric, port: port)
            case EADDRNOTAVAIL: throw .addressNotAvailable(host: address.numeric)
            default:
                throw .cannotListen(address: address.authority(port: port),
                                    reason: String(cString: strerror(error.code)))
            }
        }
    }

    deinit {
        if !isAdopted { close(descriptor) }
    }

    func watch(in vhost: OpaquePointer) throws(ServerError) {
        watcher = lws_adopt_descriptor_vhost(
            vhost, LWS_ADOPT_RAW_FILE_DESC, lws_sock_file_fd_type(filefd: descriptor),
            ContextResources.listenerProtocolName, nil)
        // On failure lws has closed the socket already.
        isAdopted = true
        if watcher == nil {
            throw .listenerNotWatched
        }
    }

    /// Accepts what is waiting, up to a batch, and gives each connection to lws; lws closes one it
    /// has no room for.
    func acceptWaiting(into vhost: OpaquePointer) {
        guard watcher != nil else { return }
        for _ in 0..<Self.acceptBatch {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            _ = lws_adopt_socket_vhost(vhost, connection)
        }
    }

    /// Stops listening: from now on a connection attempt is refused by the kernel, so a load
    /// balancer retries it on another host at once and its health check sees this one down.
    ///
    /// `shutdown` first, because on Linux it takes the socket out of the listening state at once
    /// (resetting connections still in its backlog), whatever lws does with the descriptor; then
    /// lws closes the watcher and the descriptor with it. Only on the service thread, outside any
    /// callback of the watcher.
    func stop() {
        guard let watcher else { return }
        self.watcher = nil
        shutdown(descriptor, Int32(SHUT_RDWR))
        lws_set_timeout(watcher, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC)
    }
}
