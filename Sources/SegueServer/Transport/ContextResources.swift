import CLibWebSockets
import SegueWire
#if canImport(Glibc)
import Glibc
#endif

/// The C structures a libwebsockets context reads for its whole life: protocols, mounts, MIME
/// types, the keepalive policy and every string they point to. lws keeps the pointers rather than
/// copies, so this object must outlive `lws_context_destroy`; the server owns it for that reason.
final class ContextResources {
    /// The protocol `/healthz` and `/metrics` are bound to.
    static let endpointProtocolName = "segue-endpoints"
    static let endpointPaths = ["/healthz", "/metrics"]
    /// The protocol the listen socket is watched with.
    static let listenerProtocolName = "segue-listener"
    /// The protocols the frame timer and the drain timer are watched with.
    static let tickerProtocolName = "segue-ticker"
    static let drainTimerProtocolName = "segue-drain-timer"
    /// Served for a request naming a directory.
    static let indexFile = "index.html"

    /// lws's built-in list covers html, js (as text/javascript), css, images, fonts, txt, xml and
    /// json and answers 415 for anything else; these cover what a modern page also loads.
    static let extraMimeTypes = [
        (".mjs", "text/javascript"),
        (".wasm", "application/wasm"),
        (".map", "application/json"),
        (".webp", "image/webp"),
        (".webmanifest", "application/manifest+json"),
        (".otf", "font/otf"),
    ]

    let protocols: UnsafeMutablePointer<lws_protocols>
    let mounts: UnsafeMutablePointer<lws_http_mount>
    let retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>
    private let mimeTypes: UnsafeMutablePointer<lws_protocol_vhost_options>
    private var strings: [UnsafeMutablePointer<CChar>] = []

    /// Bytes lws allocates per WebSocket for incoming payload; by default it takes the service
    /// buffer's size, 4 KiB, for every session. Client messages are under 100 bytes, and a longer
    /// one arrives in pieces that `Connection` reassembles up to `maxMessageSize`.
    static let receiveBufferSize = 1024
    /// The most lws writes to a socket in one call. Unset, it is `receiveBufferSize`: a keyframe
    /// over 1 KiB would go out in two sends with a writeable round trip between. It allocates
    /// nothing; a frame, a few hundred bytes, then always fits one send.
    static let sendChunkSize = 16 * 1024

    private static let protocolCount = 6  // websocket, endpoints, listener, two timers, terminator
    private static var mountCount: Int { 1 + endpointPaths.count }

    init(publicDirectory: String, configuration: ServerConfiguration) {
        protocols = .allocate(capacity: Self.protocolCount)
        protocols.initialize(repeating: lws_protocols(), count: Self.protocolCount)
        mounts = .allocate(capacity: Self.mountCount)
        mounts.initialize(repeating: lws_http_mount(), count: Self.mountCount)
        mimeTypes = .allocate(capacity: Self.extraMimeTypes.count)
        mimeTypes.initialize(repeating: lws_protocol_vhost_options(),
                             count: Self.extraMimeTypes.count)
        retryPolicy = .allocate(capacity: 1)
        retryPolicy.initialize(to: lws_retry_bo_t())

        let sessionDataSize = MemoryLayout<segue_connection_data>.size
        // protocols[0]: plain HTTP connections bind here too, and so does a WebSocket client that
        // names no subprotocol, which is what makes those clients work.
        protocols[0].name = string(WireProtocol.subprotocol)
        protocols[0].callback = segueWebSocketCallback
        protocols[0].per_session_data_size = sessionDataSize
        protocols[0].rx_buffer_size = Self.receiveBufferSize
        protocols[0].tx_packet_size = Self.sendChunkSize
        protocols[1].name = string(Self.endpointProtocolName)
        protocols[1].callback = segueEndpointCallback
        protocols[1].per_session_data_size = sessionDataSize
        protocols[2].name = string(Self.listenerProtocolName)
        protocols[2].callback = segueListenerCallback
        protocols[3].name = string(Self.tickerProtocolName)
        protocols[3].callback = segueTickerCallback
        protocols[4].name = string(Self.drainTimerProtocolName)
        protocols[4].callback = segueDrainTimerCallback

        for (index, (suffix, type)) in Self.extraMimeTypes.enumerated() {
            mimeTypes[index].name = string(suffix)
            mimeTypes[index].value = string(type)
            mimeTypes[index].next =
                index + 1 < Self.extraMimeTypes.count ? UnsafePointer(mimeTypes + index + 1) : nil
        }

        configureMount(&mounts[0], mountpoint: "/", origin: publicDirectory,
                       originProtocol: LWSMPRO_FILE)
        mounts[0].def = string(Self.indexFile)
        mounts[0].extra_mimetypes = UnsafePointer(mimeTypes)
        for (index, path) in Self.endpointPaths.enumerated() {
            // A callback mount names the protocol that answers it in `origin`.
            configureMount(&mounts[index + 1], mountpoint: path,
                           origin: Self.endpointProtocolName, originProtocol: LWSMPRO_CALLBACK)
        }
        for index in 0..<(Self.mountCount - 1) {
            mounts[index].mount_next = UnsafePointer(mounts + index + 1)
        }

        // No retry table: a server never reconnects. Only the idle timings matter; lws pings a
        // connection silent for `pingInterval` and hangs up one without a pong by `idleTimeout`.
        retryPolicy.pointee.secs_since_valid_ping = UInt16(clamping: configuration.pingInterval)
        retryPolicy.pointee.secs_since_valid_hangup = UInt16(clamping: configuration.idleTimeout)
    }

    deinit {
        protocols.deallocate()
        mounts.deallocate()
        mimeTypes.deallocate()
        retryPolicy.deallocate()
        strings.forEach { free($0) }
    }

    /// A C copy of `text` that lives as long as these resources.
    func string(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return UnsafePointer(copy)
    }

    private func configureMount(
        _ mount: inout lws_http_mount, mountpoint: String, origin: String,
        originProtocol: lws_mount_protocols
    ) {
        mount.mountpoint = string(mountpoint)
        mount.mountpoint_len = UInt8(mountpoint.utf8.count)
        mount.origin = string(origin)
        mount.origin_protocol = UInt8(originProtocol.rawValue)
    }
}
