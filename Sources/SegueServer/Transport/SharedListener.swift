import CLibWebSockets
#if canImport(Glibc)
import Glibc
#endif

/// A listen socket with `SO_REUSEPORT`, for one of several worker processes on the same port.
///
/// The kernel spreads incoming connections across every socket in the port's group, so each
/// worker accepts only its share. lws watches the socket as a raw file on the service thread; each
/// connection accepted is adopted as if lws had accepted it, so HTTP, mounts and WebSocket
/// upgrades work exactly as with lws's own listener.
final class SharedListener {
    let descriptor: Int32
    let port: Int
    /// Once lws watches the socket it owns it, and closes it when the context goes.
    private var isAdopted = false
    /// Connections taken per readable event, so a burst cannot starve established sessions.
    static let acceptBatch = 64

    init(address: IPAddress, port: Int) throws(ServerError) {
        switch address.listenSharingPort(port) {
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
        let adopted = lws_adopt_descriptor_vhost(
            vhost, LWS_ADOPT_RAW_FILE_DESC, lws_sock_file_fd_type(filefd: descriptor),
            ContextResources.listenerProtocolName, nil)
        // On failure lws has closed the socket already.
        isAdopted = true
        if adopted == nil {
            throw .sharedListenerNotWatched
        }
    }

    /// Accepts what is waiting, up to a batch, and gives each connection to lws; lws closes one it
    /// has no room for.
    func acceptWaiting(into vhost: OpaquePointer) {
        for _ in 0..<Self.acceptBatch {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            _ = lws_adopt_socket_vhost(vhost, connection)
        }
    }
}
