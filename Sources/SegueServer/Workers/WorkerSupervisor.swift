import CLibWebSockets
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs `count` copies of the server, each a process of its own listening on the same port with
/// `SO_REUSEPORT`, so the kernel spreads connections across them and every core serves sessions.
///
/// libwebsockets here has one service thread, and a session is bound to one connection, so
/// processes that share nothing are the simplest way to use more cores: no locks, and a crash
/// takes down only its own sessions. Each worker is an independent server (its own limits and
/// `/metrics`). The supervisor restarts a worker that dies and passes SIGINT/SIGTERM on.
public struct WorkerSupervisor {
    /// Builds a worker's arguments (without the executable): it is told its index, its port, and
    /// whether to report readiness on file descriptor 3.
    public typealias WorkerArguments = (_ index: Int, _ port: Int, _ reportsReadiness: Bool) -> [String]

    public let count: Int
    /// Where the workers listen: its host and port (0: one reserved here for all to share).
    public let configuration: ServerConfiguration
    public let workerArguments: WorkerArguments
    public let logger: Logger
    /// How long to wait for every worker to be listening.
    public var startupTimeout = 30.0
    /// A slot that dies sooner than this after its start is restarted only once this has passed.
    public var restartInterval = 1.0

    /// The descriptor a worker writes one byte to once it is listening.
    public static let readinessDescriptor: Int32 = 3

    public init(
        count: Int, configuration: ServerConfiguration, logger: Logger,
        workerArguments: @escaping WorkerArguments
    ) {
        self.count = count
        self.configuration = configuration
        self.logger = logger
        self.workerArguments = workerArguments
    }

    /// Starts the workers and returns once all are listening, with the port they share; `onReady`
    /// runs then. Supervises until a termination signal, then stops them and returns whether all
    /// exited cleanly.
    public func run(onReady: (_ port: Int) -> Void) throws(ServerError) -> Bool {
        guard let address = configuration.address else {
            throw .invalidConfiguration("host '\(configuration.host)' is not an IP address")
        }
        let port = configuration.port
        // With port 0 each worker would pick its own; reserving one first makes them share it.
        // The reserving socket never listens, so it takes no connections, and closes once the
        // workers are bound.
        let reservation = port == 0 ? address.reserveSharedPort() : nil
        if port == 0 && reservation == nil {
            throw .portReservationFailed(host: address.numeric)
        }
        let sharedPort = reservation?.port ?? port
        defer { if let reservation { close(reservation.descriptor) } }

        SupervisorSignal.install()
        defer { SupervisorSignal.uninstall() }
        var slots = try startAll(port: sharedPort)
        onReady(sharedPort)
        return supervise(&slots, port: sharedPort)
    }

    private struct Slot {
        var pid: pid_t
        var started: Double
    }

    private func startAll(port: Int) throws(ServerError) -> [Slot] {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw .readinessPipeFailed(reason: String(cString: strerror(errno))) }
        // Moved above descriptor 3 and close-on-exec: a worker then holds only the copy it gets as
        // descriptor 3 (a `dup2` onto itself would keep close-on-exec and lose it), and the read
        // end sees end of file once every worker is ready or gone.
        pipeEnds = pipeEnds.map { end in
            let moved = fcntl(end, F_DUPFD_CLOEXEC, 10)
            close(end)
            return moved
        }
        defer { close(pipeEnds[0]) }
        var slots: [Slot] = []
        for index in 0..<count {
            guard let pid = spawn(index: index, port: port, readiness: (read: pipeEnds[0], write: pipeEnds[1])) else {
                close(pipeEnds[1])
                stop(slots)
                throw .workerSpawnFailed(index: index, reason: String(cString: strerror(errno)))
            }
            slots.append(Slot(pid: pid, started: Self.now()))
        }
        close(pipeEnds[1])
        // Each worker writes one byte once bound; end of file first means one gave up (it has
        // already said why on standard error).
        var ready = 0
        let deadline = Self.now() + startupTimeout
        while ready < count {
            var poller = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, (deadline - Self.now()) * 1000))
            guard poll(&poller, 1, remaining) > 0 else { break }
            var byte: UInt8 = 0
            guard read(pipeEnds[0], &byte, 1) == 1 else { break }
            ready += 1
        }
        guard ready == count else {
            stop(slots)
            throw .workersDidNotStart(failed: count - ready, of: count)
        }
        return slots
    }

    private func supervise(_ slots: inout [Slot], port: Int) -> Bool {
        while !SupervisorSignal.isRequested {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, 0)
            if pid < 0 {
                if errno == EINTR { continue }
                break
            }
            guard let index = slots.firstIndex(where: { $0.pid == pid }), !SupervisorSignal.isRequested else { continue }
            logger.error("worker \(index) exited unexpectedly (\(Self.describe(status))); restarting")
            let wait = slots[index].started + restartInterval - Self.now()
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            if let replacement = spawn(index: index, port: port, readiness: nil) {
                slots[index] = Slot(pid: replacement, started: Self.now())
            } else {
                logger.critical("could not restart worker \(index): \(String(cString: strerror(errno)))")
                slots[index].pid = -1
            }
        }
        return stop(slots)
    }

    /// Sends SIGTERM to every worker and waits for each; true when all exited with status 0.
    @discardableResult
    private func stop(_ slots: [Slot]) -> Bool {
        let running = slots.map(\.pid).filter { $0 > 0 }
        for pid in running { kill(pid, SIGTERM) }
        var clean = true
        for pid in running {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            if status != 0 {
                clean = false
                logger.error("worker \(pid) stopped with \(Self.describe(status))")
            }
        }
        return clean
    }

    private func spawn(index: Int, port: Int, readiness: (read: Int32, write: Int32)?) -> pid_t? {
        let arguments = [CommandLine.arguments[0]] + workerArguments(index, port, readiness != nil)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let readiness {
            posix_spawn_file_actions_adddup2(&actions, readiness.write, Self.readinessDescriptor)
            posix_spawn_file_actions_addclose(&actions, readiness.read)
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, Self.executablePath, &actions, nil, &argv, environ)
        guard result == 0 else {
            errno = result
            return nil
        }
        return pid
    }

    /// This program's file, resolved once; spawning it by name rather than `/proc/self/exe` keeps
    /// the workers' process names readable in `ps`.
    private static let executablePath: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return "/proc/self/exe" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(signal)"
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Called in a worker once its server is listening: tells the supervisor, and arranges to be
    /// stopped if the supervisor dies, so workers never outlive it.
    public static func workerIsReady(reportsReadiness: Bool) {
        segue_terminate_with_parent()
        if getppid() == 1 { raise(SIGTERM) }
        if reportsReadiness {
            var byte: UInt8 = 1
            _ = write(readinessDescriptor, &byte, 1)
            close(readinessDescriptor)
        }
    }
}

/// SIGINT/SIGTERM in the supervisor: installed without `SA_RESTART`, so the signal interrupts
/// `waitpid` and the loop notices the flag.
private enum SupervisorSignal {
    static let requested = Atomic<Bool>(false)
    static var isRequested: Bool { requested.load(ordering: .acquiring) }

    static func install() {
        set(handler: supervisorSignalHandler)
    }

    static func uninstall() {
        set(handler: SIG_DFL)
    }

    private static func set(handler: sighandler_t?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}

private func supervisorSignalHandler(_: Int32) {
    SupervisorSignal.requested.store(true, ordering: .releasing)
}
