#if canImport(Glibc)
import Glibc
#endif

/// A numeric listen address. libwebsockets takes the address as its `iface` string and would
/// treat a host name as a network interface name, so names are refused up front (except
/// `localhost`, which everyone types).
struct IPAddress: Sendable {
    /// The numeric form handed to libwebsockets.
    let numeric: String
    let isIPv6: Bool

    init?(_ host: String) {
        let numeric = host.lowercased() == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, numeric, &v4) == 1 {
            isIPv6 = false
        } else if inet_pton(AF_INET6, numeric, &v6) == 1 {
            isIPv6 = true
        } else {
            return nil
        }
        self.numeric = numeric
    }

    /// `host:port` as it appears in a URL.
    func authority(port: Int) -> String {
        isIPv6 ? "[\(numeric)]:\(port)" : "\(numeric):\(port)"
    }

    /// Binds a socket with `SO_REUSEPORT` to a port the kernel picks and returns it still open and
    /// not listening, so workers can join that port before it is released.
    func reserveSharedPort() -> (descriptor: Int32, port: Int)? {
        guard case .success(let fd) = boundSocket(port: 0, sharingPort: true) else { return nil }
        guard let port = boundPort(fd) else {
            close(fd)
            return nil
        }
        return (fd, port)
    }

    struct SocketError: Error {
        let code: Int32
    }

    /// A nonblocking listen socket on `port` (0: the kernel picks), which other processes may bind
    /// too (`SO_REUSEPORT`) when `sharingPort`.
    func listen(port: Int, sharingPort: Bool) -> Result<(descriptor: Int32, port: Int), SocketError> {
        let fd: Int32
        switch boundSocket(port: port, sharingPort: sharingPort, flags: Int32(SOCK_NONBLOCK.rawValue)) {
        case .success(let bound): fd = bound
        case .failure(let error): return .failure(error)
        }
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        guard Glibc.listen(fd, SOMAXCONN) == 0, let bound = boundPort(fd) else {
            let code = errno
            close(fd)
            return .failure(SocketError(code: code))
        }
        return .success((fd, bound))
    }

    /// A close-on-exec TCP socket bound to `port` with `SO_REUSEADDR`, as lws sets it (so sockets
    /// in TIME_WAIT do not count as in use), and `SO_REUSEPORT` when the port is to be shared.
    private func boundSocket(port: Int, sharingPort: Bool, flags: Int32 = 0) -> Result<Int32, SocketError> {
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue) | flags, 0)
        guard fd >= 0 else { return .failure(SocketError(code: errno)) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if sharingPort { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size)) }
        guard bind(fd, port: port) == 0 else {
            let code = errno
            close(fd)
            return .failure(SocketError(code: code))
        }
        return .success(fd)
    }

    private func boundPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { return nil }
        // sin_port and sin6_port sit at the same offset.
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    private func bind(_ fd: Int32, port: Int) -> Int32 {
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, numeric, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, numeric, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        return result
    }
}
