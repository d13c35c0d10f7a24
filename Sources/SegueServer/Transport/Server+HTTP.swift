import CLibWebSockets

// HTTP-side decisions: which requests and handshakes get through, and the two dynamic endpoints.
// Several checks exist because of known problems in libwebsockets 4.1.6, which Debian ships
// without the upstream security fixes made since 2020.
extension Server {
    /// Lets only `Upgrade: websocket` through, and only handshakes that may become a session.
    ///
    /// 4.1.6 has a use-after-free reachable with other Upgrade values, and `h2c` would expose its
    /// cleartext HTTP/2 code, so anything else is hung up on without an answer. For unknown values
    /// lws has already answered 403 and released the headers by now; the header then reads as
    /// absent, which also refuses. A WebSocket handshake that is refused for a reason the client can
    /// act on gets an HTTP status: this is the last point where lws still sends one.
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        let upgrade = requestHeader(wsi, WSI_TOKEN_UPGRADE)
        guard upgrade?.lowercased() == "websocket" else {
            logger.info("refused upgrade", metadata: ["http.upgrade": "\(upgrade ?? "?")"])
            return -1
        }
        guard let (status, reason, counter) = handshakeRefusal(wsi) else { return 0 }
        metrics.countRefusedHandshake(counter)
        logger.info("refused WebSocket handshake: \(reason)", metadata: [
            "http.origin": "\(requestHeader(wsi, WSI_TOKEN_ORIGIN) ?? "")",
            "session.peer": "\(peerAddress(wsi))",
        ])
        lws_return_http_status(wsi, status, reason)
        return 1
    }

    private func handshakeRefusal(
        _ wsi: OpaquePointer
    ) -> (status: UInt32, reason: String, counter: ServerMetrics.HandshakeRefusal)? {
        guard phase == .serving else {
            return (UInt32(HTTP_STATUS_SERVICE_UNAVAILABLE.rawValue), "server shutting down", .shuttingDown)
        }
        guard isAcceptableContentLength(requestHeader(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH)) else {
            return (UInt32(HTTP_STATUS_BAD_REQUEST.rawValue), "bad Content-Length", .badRequest)
        }
        // lws 4.1.6 copies this header into a 255-byte buffer later in the handshake and, when it
        // does not fit, hangs up without an answer; answered here, the client learns why.
        guard lws_hdr_total_length(wsi, WSI_TOKEN_EXTENSIONS) < Self.extensionsHeaderLimit else {
            return (UInt32(HTTP_STATUS_BAD_REQUEST.rawValue), "Sec-WebSocket-Extensions too long", .badRequest)
        }
        guard originPolicy.allows(origin: requestHeader(wsi, WSI_TOKEN_ORIGIN),
                                  host: requestHeader(wsi, WSI_TOKEN_HOST)) else {
            return (UInt32(HTTP_STATUS_FORBIDDEN.rawValue), "origin not allowed", .origin)
        }
        switch admission.refusal(for: peerAddress(wsi)) {
        case nil:
            return nil
        case .serverFull(let limit)?:
            return (UInt32(HTTP_STATUS_SERVICE_UNAVAILABLE.rawValue),
                    "server full: \(limit) sessions open", .serverFull)
        case .addressFull(let limit)?:
            return (Self.tooManyRequests, "too many sessions from your address (limit \(limit))",
                    .addressFull)
        }
    }

    /// The length, in bytes, at which lws 4.1.6 drops a handshake's `Sec-WebSocket-Extensions`.
    static let extensionsHeaderLimit: Int32 = 255

    /// 429, which lws 4.1.6's status enum does not name.
    static let tooManyRequests: UInt32 = 429

    /// Every plain HTTP request: GET only (there is nothing to POST to, and lws would otherwise
    /// wait for up to 100 MB of body), a sane `Content-Length`, since 4.1.6 leaves a negative one
    /// unchecked and the connection hangs, and a path whose real location is inside the public
    /// directory.
    func filterHTTPRequest(_ wsi: OpaquePointer) -> Int32 {
        guard let uri = requestHeader(wsi, WSI_TOKEN_GET_URI) else {
            return refuse(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED)
        }
        guard isAcceptableContentLength(requestHeader(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH)) else {
            logger.info("refused request: bad Content-Length")
            return refuse(wsi, HTTP_STATUS_BAD_REQUEST)
        }
        guard pathGuard.allows(uri: uri) else {
            logger.info("refused request: resolves outside the public directory",
                        metadata: ["http.path": "\(uri)"])
            return refuse(wsi, HTTP_STATUS_NOT_FOUND)
        }
        return 0
    }

    /// Absent, or plain decimal digits no larger than the configured limit. Signs, spaces inside
    /// the value, and lists (two Content-Length headers) are refused rather than interpreted.
    func isAcceptableContentLength(_ value: String?) -> Bool {
        guard let value else { return true }
        let digits = value.utf8
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) }),
              let length = Int(value) else { return false }
        return length <= configuration.maxRequestContentLength
    }

    private func refuse(_ wsi: OpaquePointer, _ status: http_status) -> Int32 {
        lws_return_http_status(wsi, UInt32(status.rawValue), nil)
        return 1
    }

    // MARK: /healthz and /metrics

    /// Sends the headers now and keeps the body for the writeable callback, the only place lws
    /// allows the next write.
    func respondToEndpoint(
        _ wsi: OpaquePointer, path: String, data: UnsafeMutablePointer<segue_connection_data>
    ) -> Int32 {
        let contentType: String
        let body: [UInt8]
        switch path {
        case "/healthz":
            contentType = "text/plain; charset=utf-8"
            body = Array("ok".utf8)
        case "/metrics":
            contentType = "text/plain; version=0.0.4; charset=utf-8"
            body = metrics.exposition()
        default:
            lws_return_http_status(wsi, UInt32(HTTP_STATUS_NOT_FOUND.rawValue), nil)
            requestFinished(wsi)
            return lws_http_transaction_completed(wsi) == 0 ? 0 : -1
        }

        let headerSpace = 512
        var headers = [UInt8](repeating: 0, count: segue_lws_pre() + headerSpace)
        let failed = headers.withUnsafeMutableBufferPointer { buffer -> Bool in
            let start = buffer.baseAddress! + segue_lws_pre()
            let end = start + headerSpace
            var cursor: UnsafeMutablePointer<UInt8>? = start
            let noStore = "no-store"
            return lws_add_http_common_headers(wsi, UInt32(HTTP_STATUS_OK.rawValue), contentType,
                                               lws_filepos_t(body.count), &cursor, end) != 0
                || lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, noStore,
                                                Int32(noStore.utf8.count), &cursor, end) != 0
                || lws_finalize_write_http_header(wsi, start, &cursor, end) != 0
        }
        if failed { return -1 }
        let id = nextID()
        data.pointee.id = id
        pendingResponses[id] = body
        lws_callback_on_writable(wsi)
        return 0
    }

    func writeEndpointBody(_ wsi: OpaquePointer, id: UInt64) -> Int32 {
        guard let body = pendingResponses.removeValue(forKey: id) else { return 0 }
        guard write(body, to: wsi, as: LWS_WRITE_HTTP_FINAL) else { return -1 }
        requestFinished(wsi)
        return lws_http_transaction_completed(wsi) == 0 ? 0 : -1
    }
}
