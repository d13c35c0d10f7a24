import SegueValues

/// Transport-side state of one WebSocket connection: its handler, the message being reassembled,
/// and where it stands in closing.
final class Connection {
    /// Where the handler's next turn reads, fetched while the connection before is served
    /// (`PrefetchList.forEach`). In the object's first line, which is fetched ahead of it.
    let prefetchList: PrefetchList?
    /// The connection handle (`struct lws *`). Only ever used on the service thread.
    let wsi: OpaquePointer
    let handler: ConnectionHandler
    /// The handler, if it can walk its next turn's memory into `prefetchList`.
    private let memoryWalker: FrameMemoryWalking?
    /// Frames sent until the next walk (`frameSent()`).
    private var framesUntilWalk = 0
    let info: ConnectionInfo
    private(set) var closing = Closing.open
    /// A writeable callback was asked for and has not come yet: what is pending goes out there.
    var awaitsWriteable = false
    /// Input this turn of the service loop left an answer to write when the turn ends.
    var isAnswerQueued = false
    /// Until `Server.closeSession`: a connection closed later in a turn that queued its answer has
    /// nothing left to write to. A flag in the connection's own first lines, where looking it up
    /// among the server's connections would hash and read a cold table.
    var isConnected = true
    /// Whether messages wait for `deliverHeldMessages`. Every tick asks: the flag answers from
    /// beside `closing`, which the tick reads anyway, where `heldMessages.isEmpty` would read the
    /// array's own buffer, one more line.
    private(set) var holdsMessages = false
    /// The message `receive` last completed arrived in fragments. A Ping may have come between
    /// them, whose Pong lws sends only from a writeable callback; the answer must follow it there.
    private(set) var lastMessageWasFragmented = false
    private var assembly = MessageAssembly.idle
    private var rateLimiter: MessageRateLimiter
    /// Whole messages received this turn of the loop and not yet given to the handler, each as
    /// its length (4 bytes, little-endian), its opcode (1: binary) and its bytes
    /// (`deliverHeldMessages`).
    private var heldMessages: [UInt8] = []
    /// Past this many held bytes a message goes to the handler at once, after those held: what a
    /// turn holds stays small whatever a client sends. Pointer messages are 30–40 bytes.
    static let maximumHeldBytes = 2_048
    /// Held storage above this is given back once delivered, so one burst does not stay with the connection.
    static let retainedHeldCapacity = 256

    init(wsi: OpaquePointer, handler: ConnectionHandler, info: ConnectionInfo, messagesPerSecond: Int) {
        self.wsi = wsi
        self.handler = handler
        self.info = info
        self.rateLimiter = MessageRateLimiter(messagesPerSecond: messagesPerSecond)
        memoryWalker = handler as? FrameMemoryWalking
        prefetchList = memoryWalker == nil ? nil : PrefetchList.make()
    }

    /// Frames sent between two walks of the handler's memory. A world's objects change with its
    /// transitions (an animation starts, the node list grows); until the next walk, an entry gone
    /// stale only fetches a line the turn does not need. 30: twice a second while moving.
    static let framesPerMemoryWalk = 30

    /// A frame the handler built (a tick's or an answer to input) was written at once: its memory
    /// is warm, so every `framesPerMemoryWalk` frames it is walked into `prefetchList` anew.
    func frameSent() {
        guard let memoryWalker, let prefetchList else { return }
        framesUntilWalk -= 1
        guard framesUntilWalk <= 0 else { return }
        framesUntilWalk = Self.framesPerMemoryWalk
        prefetchList.removeAll()
        memoryWalker.visitFrameMemory(prefetchList)
    }

    /// RFC 6455 §5.5.1: once an endpoint has sent Close it sends no more data frames. lws 4.1.6
    /// keeps the connection (awaiting the peer's Close) and keeps delivering writeable callbacks
    /// after its Close without checking, so the transport keeps this state and checks it itself.
    enum Closing {
        case open
        /// Shutting down: the next writeable callback sends a going-away Close instead of a frame.
        case goingAway
        /// A Close went out (or lws is sending one): nothing else may follow, and input is ignored.
        case closeSent
    }

    /// Whether data frames may still go out: neither a Close sent nor one due.
    var canSendData: Bool { closing == .open }

    /// Asks for a going-away Close at the next writeable callback; a Close already sent stays.
    func goAway() {
        if closing == .open { closing = .goingAway }
    }

    /// The transport sends (or has lws send) a Close now; no data frame may follow.
    func closeSent() {
        closing = .closeSent
    }

    enum ReceiveOutcome {
        case accepted
        /// The message would exceed the limit; the connection must close with 1009.
        case tooLarge(size: Int)
        /// A new message arrived over the rate limit; it is dropped, every fragment of it.
        case rateLimited
    }

    /// Feeds one received chunk; hands the handler each complete message, or holds it.
    ///
    /// A message that arrives in one chunk (the common case: small pointer events) is held until
    /// the transport delivers it (`deliverHeldMessages`) at the turn's end, where its answer is
    /// written at once, instead of in lws's callback. One that came in fragments goes to the handler at
    /// once, after those held, since its answer must go out from the writeable callback.
    func receive(
        _ chunk: UnsafeRawBufferPointer, isBinary: Bool, isFinal: Bool, limit: Int, now: Int64
    ) -> ReceiveOutcome {
        switch assembly {
        case .idle:
            guard chunk.count <= limit else { return .tooLarge(size: chunk.count) }
            guard rateLimiter.allow(atMicroseconds: now) else {
                if !isFinal { assembly = .discarding(size: chunk.count) }
                return .rateLimited
            }
            if isFinal {
                lastMessageWasFragmented = false
                hold(chunk, isBinary: isBinary)
            } else {
                assembly = .assembling(Array(chunk), isBinary: isBinary)
            }
        case .assembling(var bytes, let messageIsBinary):
            let size = bytes.count + chunk.count
            guard size <= limit else {
                assembly = .idle
                return .tooLarge(size: size)
            }
            assembly = .idle  // drop the enum's reference so the append does not copy
            bytes.append(contentsOf: chunk)
            if isFinal {
                lastMessageWasFragmented = true
                deliverHeldMessages()
                bytes.withUnsafeBytes { handler.receive($0, isBinary: messageIsBinary) }
            } else {
                assembly = .assembling(bytes, isBinary: messageIsBinary)
            }
        case .discarding(let received):
            let size = received + chunk.count
            guard size <= limit else {
                assembly = .idle
                return .tooLarge(size: size)
            }
            assembly = isFinal ? .idle : .discarding(size: size)
        }
        return .accepted
    }

    private func hold(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        guard heldMessages.count + 5 + message.count <= Self.maximumHeldBytes else {
            deliverHeldMessages()
            handler.receive(message, isBinary: isBinary)
            return
        }
        withUnsafeBytes(of: UInt32(message.count).littleEndian) { heldMessages.append(contentsOf: $0) }
        heldMessages.append(isBinary ? 1 : 0)
        heldMessages.append(contentsOf: message)
        holdsMessages = true
    }

    /// Gives the handler the messages held, in the order they came. The transport calls it before
    /// anything else asks the handler: a tick, an answer, a writeable callback, the close.
    func deliverHeldMessages() {
        guard holdsMessages else { return }
        holdsMessages = false
        heldMessages.withUnsafeBytes { held in
            var offset = 0
            while offset < held.count {
                let length = Int(held.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
                let isBinary = held[offset + 4] == 1
                let start = offset + 5
                handler.receive(UnsafeRawBufferPointer(rebasing: held[start..<(start + length)]), isBinary: isBinary)
                offset = start + length
            }
        }
        if heldMessages.capacity > Self.retainedHeldCapacity {
            heldMessages = []
        } else {
            heldMessages.removeAll(keepingCapacity: true)
        }
    }

    /// A message is either not started, partly received, or being skipped; the opcode of a
    /// fragmented message is only known from its first frame, so it travels with the bytes.
    private enum MessageAssembly {
        case idle
        case assembling([UInt8], isBinary: Bool)
        /// The rest of a rate-limited message; still size-checked so it cannot run forever.
        case discarding(size: Int)
    }
}
