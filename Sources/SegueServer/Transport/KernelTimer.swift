import CLibWebSockets
#if canImport(Glibc)
import Glibc
#endif

/// A `timerfd` that lws watches as a raw file: the server's frame clock (periodic, one expiration
/// per tick group's slot) and its drain timeout (once).
///
/// Not lws's own timers (`lws_sul`), which fall short twice. lws rounds its wait down to whole
/// milliseconds, so a slot that is not a whole number of them wakes the loop early, which then
/// spins with zero-timeout waits until the deadline, each polling every socket on the default
/// loop. And on the libev loop a timer scheduled outside an lws callback (the drain's, set after
/// the loop stops serving) is not armed until some socket event happens. A descriptor wakes the
/// loop by itself, to the microsecond, whichever loop runs; a periodic one keeps the rate exact
/// without re-arming, and expirations missed during a stall are read as a count, never replayed
/// in a burst.
final class KernelTimer {
    private let descriptor: Int32
    /// The raw-file connection lws watches the timer through, once `watch(in:protocolName:)`
    /// succeeded. lws owns the descriptor from then on and closes it with this connection.
    private var watcher: OpaquePointer?
    private var isAdopted = false

    /// An unarmed timer; `start` arms it.
    init() throws(ServerError) {
        descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else {
            throw .timerUnavailable(reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if !isAdopted { close(descriptor) }
    }

    /// Hands the descriptor to lws; readable events arrive at `protocolName`'s callback.
    func watch(in vhost: OpaquePointer, protocolName: UnsafePointer<CChar>) throws(ServerError) {
        watcher = lws_adopt_descriptor_vhost(
            vhost, LWS_ADOPT_RAW_FILE_DESC, lws_sock_file_fd_type(filefd: descriptor),
            protocolName, nil)
        // On failure lws has closed the descriptor already.
        isAdopted = true
        if watcher == nil {
            throw .timerUnavailable(reason: "libwebsockets would not watch it")
        }
    }

    /// Arms the timer to expire after `nanoseconds` and then, if `repeating`, every `nanoseconds`.
    func start(after nanoseconds: Int, repeating: Bool) {
        let period = timespec(tv_sec: nanoseconds / 1_000_000_000,
                              tv_nsec: nanoseconds % 1_000_000_000)
        var setting = itimerspec(it_interval: repeating ? period : timespec(), it_value: period)
        timerfd_settime(descriptor, 0, &setting, nil)
    }

    /// Disarms the timer: nothing expires until it is started again.
    func stop() {
        var disarmed = itimerspec()
        timerfd_settime(descriptor, 0, &disarmed, nil)
    }

    /// Reads the expirations since the last call (0 when the wakeup was spurious), which also
    /// quiets the descriptor until the next one.
    func takeExpirations() -> UInt64 {
        var count: UInt64 = 0
        let size = MemoryLayout<UInt64>.size
        return read(descriptor, &count, size) == size ? count : 0
    }
}
