import CLibWebSockets
import Logging
import SegueValues
import SegueWire
#if canImport(Glibc)
import Glibc
#endif

/// The live viewer's server: static files from the public directory, `/healthz`, `/metrics` and a
/// WebSocket session per connection, all on one port and one thread.
///
/// libwebsockets is built with one service thread (`LWS_MAX_SMP 1`), and every call that touches
/// a connection must happen on it. So this type is deliberately not `Sendable`: it is created,
/// run and destroyed on one thread, and all of its callbacks (session events, ticks, writes) arrive
/// there from its `ServiceLoop` (epoll through libev by default). The only cross-thread entry is a
/// termination signal.
///
/// On that signal it drains (see `run()`): it stops listening, says goodbye to every session and
/// exits once they have gone, so a load balancer in front sends their pages elsewhere at once.
public final class Server {
    public let configuration: ServerConfiguration
    public let metrics = ServerMetrics()
    /// The port listened on; differs from the configuration's when that asked for 0.
    public private(set) var port: Int
    public var url: String { configuration.url(port: port) }

    let logger: Logger
    let originPolicy: OriginPolicy
    let pathGuard: PublicPathGuard
    var admission: SessionAdmission
    let factory: ConnectionHandlerFactory
    private let address: IPAddress
    private let resources: ContextResources
    private var context: OpaquePointer?
    private(set) var vhost: OpaquePointer?
    /// Opened here, not by lws, so that draining can close it (see `Listener`).
    private(set) var listener: Listener?

    /// Open WebSocket connections by the id kept in each one's user memory; removed on close.
    var connections: [UInt64: Connection] = [:]
    /// `/healthz` and `/metrics` bodies waiting for their connection to become writeable.
    var pendingResponses: [UInt64: [UInt8]] = [:]
    /// Connections with a plain HTTP request accepted and not yet answered in full. Draining waits
    /// for them too: cutting one would drop a page load half-sent, which a load balancer cannot
    /// retry. Idle keep-alive connections are not in it, so they do not hold a drain up.
    private var requestsInFlight: Set<OpaquePointer> = []
    private var lastID: UInt64 = 0
    /// Reused for every write: `LWS_PRE` bytes of header room, then the payload.
    private var writeBuffer: [UInt8] = []
    /// Sessions whose input during this turn of the loop left an answer to send: written when the
    /// turn ends (`sendAnswers`), so a burst of input is answered with one frame.
    private var answering: [Connection] = []

    private let serviceLoop: ServiceLoop
    /// One expiration per tick group's slot, from when the context exists until the drain.
    private let ticker: KernelTimer
    /// Armed by the drain; its expiry ends the wait for sessions to go.
    private let drainTimer: KernelTimer
    /// How many slots each frame interval has, and which sessions each ticks.
    private var tickSchedule: TickSchedule
    /// The open connections in the schedule's buckets, so a slot visits only its own.
    private var tickBuckets: [[Connection]]
    private(set) var phase = Phase.serving

    enum Phase {
        case serving
        /// Not listening any more; every session has been sent a going-away Close (or will be at
        /// its next writeable callback) and the server waits for them to go.
        case draining
        /// The drain timeout passed: sessions still open are cut when the context is destroyed.
        case drainTimedOut
    }

    /// Binds the listening socket and prepares everything; connections are served by `run()`.
    public init(
        configuration: ServerConfiguration, handlerFactory: ConnectionHandlerFactory,
        logger: Logger
    ) throws(ServerError) {
        try configuration.validate()
        guard let address = configuration.address else {
            throw .invalidConfiguration("host '\(configuration.host)' is not an IP address")
        }
        guard let publicDirectory = Self.resolveDirectory(configuration.publicDirectory) else {
            throw .publicDirectoryNotFound(path: configuration.publicDirectory)
        }
        self.configuration = configuration
        self.port = configuration.port
        self.logger = logger
        self.originPolicy = OriginPolicy(allowedOrigins: configuration.allowedOrigins)
        self.pathGuard = PublicPathGuard(root: publicDirectory, indexFile: ContextResources.indexFile)
        self.admission = SessionAdmission(maxSessions: configuration.maxSessions,
                                          maxSessionsPerAddress: configuration.maxSessionsPerAddress)
        self.factory = handlerFactory
        self.address = address
        self.resources = ContextResources(publicDirectory: publicDirectory,
                                          configuration: configuration)
        self.serviceLoop = try ServiceLoop(kind: configuration.eventLoop)
        self.ticker = try KernelTimer()
        self.drainTimer = try KernelTimer()
        let schedule = TickSchedule(bucketCount: Self.mostTickGroups(configuration),
                                    sessionsPerSlot: configuration.tickGroupSize)
        self.tickSchedule = schedule
        self.tickBuckets = Array(repeating: [], count: schedule.bucketCount)
        try createContext()
        logger.debug("listening", metadata: [
            "server.url": "\(url)", "server.public": "\(publicDirectory)",
        ])
    }

    deinit {
        if let context {
            lws_context_destroy(context)
        }
    }

    /// Serves until SIGINT or SIGTERM, then drains: stops listening (new connections are refused,
    /// so a load balancer retries them elsewhere), sends every session a Close with 1001 "going
    /// away" (pages reconnect at once, through the balancer to another host), and returns once
    /// every session and every half-answered HTTP request has gone, or `drainTimeout` has passed,
    /// tearing the context down.
    public func run() {
        guard let context else { return }
        TerminationSignal.install(waking: context)
        while !TerminationSignal.isRequested && serviceLoop.turn(context) {
            sendAnswers()
        }
        logger.info("draining", metadata: ["server.sessions": "\(connections.count)"])
        drain()
        while phase == .draining && !(connections.isEmpty && requestsInFlight.isEmpty)
                && serviceLoop.turn(context) {
            sendAnswers()
        }
        if !connections.isEmpty || !requestsInFlight.isEmpty {
            logger.info("drain timed out; cutting the connections left", metadata: [
                "server.sessions": "\(connections.count)", "server.requests": "\(requestsInFlight.count)",
            ])
        }
        TerminationSignal.uninstall()
        lws_context_destroy(context)
        self.context = nil
    }

    // MARK: Context

    private func createContext() throws(ServerError) {
        var info = lws_context_creation_info()
        // lws reads VALIDATE_UTF8 from the context's options, not the vhost's.
        info.options = UInt64(LWS_SERVER_OPTION_EXPLICIT_VHOSTS)
            | UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        // Sized explicitly: lws otherwise derives it from `ulimit -n`, which some containers set
        // so high that lws falls back to a small default. The extra descriptors cover the listen
        // socket, the two timers, lws's wakeup pipe and files being served. `DescriptorLimit`
        // makes lws index its table rather than search it.
        info.fd_limit_per_thread = UInt32(configuration.maxConnections + 32)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        serviceLoop.configure(&info)
        lws_set_log_level(logger.logLevel <= .debug ? Int32(LLL_ERR | LLL_WARN | LLL_NOTICE)
                                                    : Int32(LLL_ERR | LLL_WARN), nil)
        let made = DescriptorLimit.whileMakingContext(tableSize: Int(info.fd_limit_per_thread)) {
            lws_create_context(&info)
        }
        guard let context = made else {
            throw .contextCreationFailed
        }
        self.context = context

        // The server listens on a socket of its own and hands lws each connection it accepts: lws
        // 4.1.6 cannot close its own listener without its connections (draining needs that), and
        // as Debian builds it never sets SO_REUSEPORT on it (workers need that).
        let listener = try Listener(address: address, port: configuration.port,
                                    sharingPort: configuration.reusePort)
        self.listener = listener
        var vhostInfo = lws_context_creation_info()
        vhostInfo.port = CONTEXT_PORT_NO_LISTEN_SERVER
        vhostInfo.iface = resources.string(address.numeric)
        vhostInfo.protocols = UnsafePointer(resources.protocols)
        vhostInfo.mounts = UnsafePointer(resources.mounts)
        vhostInfo.retry_and_idle_policy = UnsafePointer(resources.retryPolicy)
        vhostInfo.options = address.isIPv6 ? 0 : UInt64(LWS_SERVER_OPTION_DISABLE_IPV6)
        vhostInfo.vhost_name = resources.string("segue")
        // Bound every wait on the peer during a handshake (headers included) and how long a
        // connection may hold a header buffer without using it. Both are per vhost.
        vhostInfo.timeout_secs = UInt32(configuration.handshakeTimeout)
        vhostInfo.timeout_secs_ah_idle = UInt32(configuration.handshakeTimeout)
        guard let vhost = lws_create_vhost(context, &vhostInfo) else {
            throw .contextCreationFailed
        }
        self.vhost = vhost
        port = listener.port
        try listener.watch(in: vhost)
        try ticker.watch(in: vhost, protocolName: resources.string(ContextResources.tickerProtocolName))
        try drainTimer.watch(in: vhost,
                             protocolName: resources.string(ContextResources.drainTimerProtocolName))
        startTicker()
    }

    private static func resolveDirectory(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var status = stat()
        guard stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return String(cString: resolved)
    }

    // MARK: Sessions

    /// A plain HTTP request passed the filter and is being answered.
    func requestStarted(_ wsi: OpaquePointer) {
        requestsInFlight.insert(wsi)
    }

    /// Its answer went out in full, or the connection became a session or went away. Called from
    /// every one of those places; only the first call for a request counts.
    func requestFinished(_ wsi: OpaquePointer) {
        requestsInFlight.remove(wsi)
    }

    func nextID() -> UInt64 {
        lastID += 1
        return lastID
    }

    /// The peer's numeric address, e.g. `127.0.0.1`.
    func peerAddress(_ wsi: OpaquePointer) -> String {
        var peer = [CChar](repeating: 0, count: 64)
        return lws_get_peer_simple(wsi, &peer, peer.count).map { String(cString: $0) } ?? "unknown"
    }

    func openSession(wsi: OpaquePointer) -> UInt64 {
        let id = nextID()
        let peerAddress = peerAddress(wsi)
        var sessionLogger = logger
        sessionLogger[metadataKey: "session.id"] = "\(id)"
        sessionLogger[metadataKey: "session.peer"] = "\(peerAddress)"
        // lws drops a handshake naming only unknown subprotocols, so one that named any and got
        // here negotiated ours.
        let subprotocol = lws_hdr_total_length(wsi, WSI_TOKEN_PROTOCOL) > 0
            ? WireProtocol.subprotocol : nil
        let info = ConnectionInfo(id: ConnectionID(rawValue: id), peerAddress: peerAddress,
                                  subprotocol: subprotocol, metrics: metrics,
                                  logger: sessionLogger)
        let connection = Connection(wsi: wsi, handler: factory.makeHandler(connection: info), info: info,
                              messagesPerSecond: configuration.maxMessagesPerSecond)
        connections[id] = connection
        tickBuckets[tickSchedule.bucket(of: id)].append(connection)
        if tickSchedule.fit(sessions: connections.count) { startTicker() }
        admission.opened(from: peerAddress)
        metrics.countSessionOpened()
        sessionLogger.debug("session opened", metadata: [
            "session.subprotocol": "\(subprotocol ?? "none")",
        ])
        requestWriteableIfPending(connection)
        return id
    }

    func closeSession(id: UInt64) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        connection.isConnected = false
        let bucket = tickSchedule.bucket(of: id)
        if let index = tickBuckets[bucket].firstIndex(where: { $0 === connection }) {
            tickBuckets[bucket].remove(at: index)
        }
        if tickSchedule.fit(sessions: connections.count) && phase == .serving { startTicker() }
        admission.closed(from: connection.info.peerAddress)
        metrics.countSessionClosed()
        // What came before the connection went still reaches the world (a shared one outlives it).
        connection.deliverHeldMessages()
        connection.handler.closed()
        connection.info.logger.debug("session closed")
    }

    /// Takes input in: the connection holds a whole message until this turn of the loop ends
    /// (`sendAnswers`), where connections are served in turn, and the
    /// frame the handler produces in response goes out then, not at the next tick, and without a
    /// writeable callback's round trip through the kernel (two `epoll_ctl` calls and a wakeup).
    ///
    /// A message that came in fragments is answered from the writeable callback instead: lws sends
    /// the Pong for a Ping that arrived between its fragments only from that callback, and the
    /// answer must not overtake it (Autobahn's cases 5.6, 5.19 and 5.20 check the order).
    func receive(id: UInt64, wsi: OpaquePointer, chunk: UnsafeRawBufferPointer) -> Int32 {
        guard let connection = connections[id] else { return -1 }
        // Awaiting the peer's Close: whatever else it sends is read and dropped.
        guard connection.canSendData else { return 0 }
        let isFinal = lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
        let outcome = connection.receive(chunk, isBinary: lws_frame_is_binary(wsi) != 0,
                                      isFinal: isFinal, limit: configuration.maxMessageSize,
                                      now: Self.monotonicMicroseconds())
        switch outcome {
        case .accepted:
            guard connection.canSendData && (connection.holdsMessages || connection.handler.hasOutgoing) else { return 0 }
            if connection.lastMessageWasFragmented {
                requestWriteable(connection)
            } else if !connection.isAnswerQueued {
                connection.isAnswerQueued = true
                answering.append(connection)
            }
            return 0
        case .rateLimited:
            metrics.countRateLimitedMessage()
            return 0
        case .tooLarge(let size):
            metrics.countBadMessage()
            connection.info.logger.info("closing session: message too large", metadata: [
                "message.size": "\(size)", "message.limit": "\(configuration.maxMessageSize)",
            ])
            connection.closeSent()
            setCloseReason(wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large")
            return -1
        }
    }

    /// The peer sent a Close, which lws is answering: no frame may go out after that answer, and
    /// none before it either, since a tick writes without waiting for lws (`sendAtOnce`). What the
    /// peer sends after its Close is not read (RFC 6455 §5.5.1).
    func peerClosed(id: UInt64) {
        connections[id]?.closeSent()
    }

    /// Sends exactly one message per writeable callback, as lws requires, and asks for another
    /// callback if the handler still has something pending. Frames come here only when they could
    /// not be written at once (`sendAtOnce`); Closes and the first messages always do.
    func writeable(id: UInt64, wsi: OpaquePointer) -> Int32 {
        guard let connection = connections[id] else { return -1 }
        connection.awaitsWriteable = false
        connection.deliverHeldMessages()
        switch connection.closing {
        case .open:
            break
        case .goingAway:
            connection.closeSent()
            setCloseReason(wsi, LWS_CLOSE_STATUS_GOINGAWAY, "server shutting down")
            return -1
        case .closeSent:
            return 0
        }
        // A Close lws prepared itself (a protocol error, invalid UTF-8, the peer's Close being
        // answered) is invisible to the session until now: its payload length is the only sign.
        if lws_get_close_length(wsi) > 0 {
            connection.closeSent()
            return 0
        }
        guard let message = connection.handler.takeOutgoing() else { return 0 }
        guard write(message.bytes, to: wsi,
                    as: message.isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT) else {
            connection.info.logger.info("closing session: write failed")
            connection.closeSent()
            return -1
        }
        metrics.countFrameSent(bytes: message.bytes.count)
        requestWriteableIfPending(connection)
        return 0
    }

    /// Sends the answers to this turn's input. Every callback of the turn has run, so a session
    /// that sent several messages in it gets one frame.
    private func sendAnswers() {
        guard !answering.isEmpty else { return }
        PrefetchList.forEach(answering, prefetchList: \.prefetchList) { connection in
            connection.isAnswerQueued = false
            // A session closed later in the turn has no connection left to write to (its input
            // was delivered as it closed).
            guard connection.isConnected else { return }
            connection.deliverHeldMessages()
            sendAtOnce(connection)
        }
        answering.removeAll(keepingCapacity: true)
    }

    /// Writes a tick's frame, or an answer to input, straight away instead of from a writeable
    /// callback.
    ///
    /// Asking lws for that callback turns POLLOUT on and off again in the kernel's interest list
    /// (two `epoll_ctl` calls) and costs a wakeup and a dispatch, per session per frame
    /// (docs/performance.md, "Frames written at once"). lws accepts a write outside the
    /// callback; it buffers a partial write's rest itself and asks for the callback to flush it.
    /// What must go first waits for the callback as before: the rest of an earlier frame
    /// (`lws_partial_buffered`), or the Close lws is answering the peer's with.
    private func sendAtOnce(_ connection: Connection) {
        guard connection.canSendData, connection.handler.hasOutgoing else { return }
        let wsi = connection.wsi
        guard lws_partial_buffered(wsi) == 0 && lws_get_close_length(wsi) == 0 else {
            metrics.countFrameWaited()
            requestWriteable(connection)
            return
        }
        // An answer to a fragmented message already waits for its callback, which sends the latest
        // frame; written now, it could overtake a Pong lws owes for a Ping between the fragments.
        guard !connection.awaitsWriteable, let message = connection.handler.takeOutgoing() else { return }
        guard write(message.bytes, to: wsi, as: message.isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT) else {
            // Returning -1 closes a connection only from its own callback; from here lws is asked
            // to close it at its next service.
            connection.info.logger.info("closing session: write failed")
            connection.closeSent()
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            return
        }
        metrics.countFrameSent(bytes: message.bytes.count)
        connection.frameSent()
        requestWriteableIfPending(connection)
    }

    private func requestWriteableIfPending(_ connection: Connection) {
        if connection.canSendData && connection.handler.hasOutgoing {
            requestWriteable(connection)
        }
    }

    private func requestWriteable(_ connection: Connection) {
        connection.awaitsWriteable = true
        lws_callback_on_writable(connection.wsi)
    }

    /// Copies `payload` behind `LWS_PRE` bytes of header room and writes it. A short write is
    /// fatal for the connection; lws buffers the unsent rest of a partial write itself.
    func write(_ payload: [UInt8], to wsi: OpaquePointer, as kind: lws_write_protocol) -> Bool {
        let headroom = segue_lws_pre()
        if writeBuffer.count < headroom + payload.count {
            writeBuffer = [UInt8](repeating: 0, count: headroom + payload.count)
        }
        let written = writeBuffer.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + headroom
            payload.withUnsafeBufferPointer {
                start.update(from: $0.baseAddress!, count: $0.count)
            }
            return lws_write(wsi, start, payload.count, kind)
        }
        return written >= payload.count
    }

    func setCloseReason(_ wsi: OpaquePointer, _ status: lws_close_status, _ reason: String) {
        var bytes = Array(reason.utf8)
        lws_close_reason(wsi, status, &bytes, bytes.count)
    }

    /// The full value of a request header, or `nil` when absent. Valid only while lws still holds
    /// the request headers (before the WebSocket is established).
    func requestHeader(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        let copied = Int(lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token))
        guard copied >= 0 else { return nil }
        return String(decoding: buffer.prefix(copied).map { UInt8(bitPattern: $0) },
                      as: UTF8.self)
    }

    // MARK: Ticks and shutdown

    /// The most groups sessions are ticked in, spread evenly over each frame interval: the
    /// configuration's, but never more than 1,920 timer wakeups a second.
    static func mostTickGroups(_ configuration: ServerConfiguration) -> Int {
        max(1, min(configuration.tickGroups, 1920 / configuration.framesPerSecond))
    }

    /// Arms the frame timer for the schedule's groups: one slot per group per frame interval.
    private func startTicker() {
        ticker.start(after: 1_000_000_000 / (configuration.framesPerSecond * tickSchedule.slotCount),
                     repeating: true)
    }

    /// Slots of the frame timer began: ticks the next group of sessions for each. A slot is a
    /// few hundred microseconds when the groups are many, so a stall of that length is common;
    /// skipping the slots it missed would leave their sessions without a frame for an interval.
    /// So they are ticked late instead, at most one interval's worth.
    func slotBegan() {
        let expirations = ticker.takeExpirations()
        guard phase == .serving, expirations > 0 else { return }
        for _ in 0..<min(Int(expirations), tickSchedule.slotCount) {
            for bucket in tickSchedule.takeSlot() {
                PrefetchList.forEach(tickBuckets[bucket], prefetchList: \.prefetchList) { connection in
                    guard connection.canSendData else { return }
                    // Input that came earlier in this turn goes first, as it would have at once.
                    connection.deliverHeldMessages()
                    connection.handler.tick()
                    sendAtOnce(connection)
                }
            }
        }
    }

    /// Stops listening and asks every session to go away; the drain timer bounds the wait.
    ///
    /// The Close goes out from each session's next writeable callback, the only place lws lets it
    /// be written. A page replies with its own Close and lws then drops the connection, which
    /// removes the session; one that never replies is cut when the timer ends the drain.
    private func drain() {
        guard context != nil else { return }
        phase = .draining
        listener?.stop()
        ticker.stop()
        for connection in connections.values {
            connection.goAway()
            lws_callback_on_writable(connection.wsi)
        }
        drainTimer.start(after: Int(configuration.drainTimeout * 1_000_000_000), repeating: false)
    }

    /// The drain timeout passed. Called from a turn of the service loop, so `run()` sees the new
    /// phase as soon as the turn returns.
    func drainTimerFired() {
        guard drainTimer.takeExpirations() > 0 else { return }
        phase = .drainTimedOut
    }

    static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1_000
    }
}
