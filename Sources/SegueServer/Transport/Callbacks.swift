import CLibWebSockets

// The C entry points libwebsockets calls, all on the service thread. They live outside main.swift
// so Swift does not infer them @MainActor, and they only translate: find the server, read the
// connection's id, call one method.

/// Recovers the `Server` stored as the context's user pointer.
private func server(for wsi: OpaquePointer?) -> Server? {
    guard let wsi, let user = lws_context_user(lws_get_context(wsi)) else { return nil }
    return Unmanaged<Server>.fromOpaque(user).takeUnretainedValue()
}

private func connectionData(
    _ user: UnsafeMutableRawPointer?
) -> UnsafeMutablePointer<segue_connection_data>? {
    user?.assumingMemoryBound(to: segue_connection_data.self)
}

/// protocols[0], `segue.v7`: WebSocket sessions, plus the checks every plain HTTP request passes
/// through (plain HTTP connections bind to protocols[0]). Everything else goes to lws's default
/// HTTP handling, which serves the file mount.
func segueWebSocketCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    switch reason {
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
        guard let server = server(for: wsi) else { return -1 }
        return server.confirmUpgrade(wsi!)
    case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
        guard let server = server(for: wsi) else { return 1 }
        let refused = server.filterHTTPRequest(wsi!)
        if refused == 0 { server.requestStarted(wsi!) }
        return refused
    case LWS_CALLBACK_HTTP_FILE_COMPLETION:
        server(for: wsi)?.requestFinished(wsi!)
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_WSI_DESTROY:
        server(for: wsi)?.requestFinished(wsi!)
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    case LWS_CALLBACK_ESTABLISHED:
        guard let server = server(for: wsi), let data = connectionData(user) else { return -1 }
        server.requestFinished(wsi!)
        data.pointee.id = server.openSession(wsi: wsi!)
        return 0
    case LWS_CALLBACK_RECEIVE:
        guard let server = server(for: wsi), let id = connectionData(user)?.pointee.id else {
            return -1
        }
        return server.receive(id: id, wsi: wsi!,
                              chunk: UnsafeRawBufferPointer(start: input, count: length))
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        // lws answers the Close itself; 0 lets it. A close code it finds invalid answers with 1002.
        if let server = server(for: wsi), let id = connectionData(user)?.pointee.id {
            server.peerClosed(id: id)
        }
        return 0
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let server = server(for: wsi), let id = connectionData(user)?.pointee.id else {
            return -1
        }
        return server.writeable(id: id, wsi: wsi!)
    case LWS_CALLBACK_CLOSED:
        if let server = server(for: wsi), let id = connectionData(user)?.pointee.id {
            server.closeSession(id: id)
        }
        return 0
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}

/// `segue-endpoints`: answers the `/healthz` and `/metrics` mounts.
func segueEndpointCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    switch reason {
    case LWS_CALLBACK_HTTP:
        guard let server = server(for: wsi), let data = connectionData(user), let input else {
            return -1
        }
        let path = String(decoding: UnsafeRawBufferPointer(start: input, count: length),
                          as: UTF8.self)
        return server.respondToEndpoint(wsi!, path: path, data: data)
    case LWS_CALLBACK_HTTP_WRITEABLE:
        guard let server = server(for: wsi), let id = connectionData(user)?.pointee.id else {
            return -1
        }
        return server.writeEndpointBody(wsi!, id: id)
    case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_HTTP_DROP_PROTOCOL, LWS_CALLBACK_WSI_DESTROY:
        if let server = server(for: wsi) {
            server.requestFinished(wsi!)
            if let id = connectionData(user)?.pointee.id { server.pendingResponses[id] = nil }
        }
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}

/// Calls `readable` with the server when lws reports its raw file readable (the listen socket
/// and the timers are watched as raw files); every other reason needs nothing.
private func whenReadable(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ readable: (Server) -> Void
) -> Int32 {
    if reason == LWS_CALLBACK_RAW_RX_FILE, let server = server(for: wsi) { readable(server) }
    return 0
}

/// `segue-listener`: the server's listen socket; readable means connections are waiting.
func segueListenerCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    whenReadable(wsi, reason) { server in
        if let listener = server.listener, let vhost = server.vhost { listener.acceptWaiting(into: vhost) }
    }
}

/// `segue-ticker`: the frame timer; readable means a slot began.
func segueTickerCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    whenReadable(wsi, reason) { $0.slotBegan() }
}

/// `segue-drain-timer`: the drain timeout ended; the service loop stops waiting for sessions.
func segueDrainTimerCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    whenReadable(wsi, reason) { $0.drainTimerFired() }
}
