import CLibWebSockets

// HTTP-side decisions: which requests and handshakes get through, and the two dynamic endpoints.
// Several checks exist because of known problems in libwebsockets 4.1.6, which Debian ships
// without the upstream security fixes made since 2020.
extension Server {
    /// Lets only `Upgrade: websocket` through. 4.1.6 has a use-after-free reachable with other
    /// Upgrade values, and `h2c` would expose its cleartext HTTP/2 code, so anything else is hung
    /// up on without further processing. For unknown values lws has already answered 403 and
    /// released the headers by now; the header then reads as absent, which also refuses.
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        let upgrade = requestHeader(wsi, WSI_TOKEN_UPGRADE)
        if upgrade?.lowercased() == "websocket" { return 0 }
        logger.info("refused upgrade", metadata: ["http.upgrade": "\(upgrade ?? "?")"])
        return -1
    }

    /// Every plain HTTP request: GET only (there is nothing to POST to, and lws would otherwise
    /// wait for up to 100 MB of body), and a sane `Content-Length`, since 4.1.6 leaves a negative
    /// one unchecked and the connection hangs.
    func filterHTTPRequest(_ wsi: OpaquePointer) -> Int32 {
        guard lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else {
            return refuse(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED)
        }
        guard isAcceptableContentLength(requestHeader(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH)) else {
            logger.info("refused request: bad Content-Length")
            return refuse(wsi, HTTP_STATUS_BAD_REQUEST)
        }
        return 0
    }

    /// Every WebSocket handshake, before lws answers it: no sessions while shutting down, the same
    /// `Content-Length` rule as plain requests, and the origin policy. Nonzero refuses; lws then
    /// drops the connection without an HTTP answer.
    func filterWebSocketHandshake(_ wsi: OpaquePointer) -> Int32 {
        guard phase == .serving else { return 1 }
        guard isAcceptableContentLength(requestHeader(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH)) else {
            return 1
        }
        let origin = requestHeader(wsi, WSI_TOKEN_ORIGIN)
        guard originPolicy.allows(origin: origin, host: requestHeader(wsi, WSI_TOKEN_HOST)) else {
            logger.info("refused WebSocket handshake from another origin", metadata: [
                "http.origin": "\(origin ?? "")",
            ])
            return 1
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
            body = Array(metrics.snapshot.prometheusText.utf8)
        default:
            lws_return_http_status(wsi, UInt32(HTTP_STATUS_NOT_FOUND.rawValue), nil)
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
        return lws_http_transaction_completed(wsi) == 0 ? 0 : -1
    }
}
