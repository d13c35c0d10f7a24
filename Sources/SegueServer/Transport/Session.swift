/// Transport-side state of one WebSocket connection: its handler, the message being reassembled,
/// and whether it is being told goodbye.
final class Session {
    /// The connection handle (`struct lws *`). Only ever used on the service thread.
    let wsi: OpaquePointer
    let handler: ConnectionHandler
    let info: ConnectionInfo
    /// Set during shutdown; the next writeable callback sends a going-away close instead of a frame.
    var isGoingAway = false
    private var assembly = MessageAssembly.idle
    private var rateLimiter: MessageRateLimiter

    init(wsi: OpaquePointer, handler: ConnectionHandler, info: ConnectionInfo, messagesPerSecond: Int) {
        self.wsi = wsi
        self.handler = handler
        self.info = info
        self.rateLimiter = MessageRateLimiter(messagesPerSecond: messagesPerSecond)
    }

    enum ReceiveOutcome {
        case accepted
        /// The message would exceed the limit; the connection must close with 1009.
        case tooLarge(size: Int)
        /// A new message arrived over the rate limit; it is dropped, every fragment of it.
        case rateLimited
    }

    /// Feeds one received chunk; hands the handler each complete message.
    ///
    /// A message that arrives in one chunk (the common case: small pointer events) goes to the
    /// handler straight from lws's buffer without a copy.
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
                handler.receive(chunk, isBinary: isBinary)
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

    /// A message is either not started, partly received, or being skipped; the opcode of a
    /// fragmented message is only known from its first frame, so it travels with the bytes.
    private enum MessageAssembly {
        case idle
        case assembling([UInt8], isBinary: Bool)
        /// The rest of a rate-limited message; still size-checked so it cannot run forever.
        case discarding(size: Int)
    }
}
