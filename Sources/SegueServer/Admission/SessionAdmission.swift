/// Decides whether a WebSocket handshake may become a session, by how many sessions are open in
/// all and from the same peer address.
///
/// Each session costs a scene, a window and a frame every tick on the one service thread, so the
/// total is capped to what the server can animate, and one address cannot take all of it.
/// Behind a reverse proxy every client shares the proxy's address; raise the per-address limit
/// there.
struct SessionAdmission: Sendable {
    enum Refusal: Equatable, Sendable {
        case serverFull(limit: Int)
        case addressFull(limit: Int)
    }

    let maxSessions: Int
    let maxSessionsPerAddress: Int
    private(set) var openSessions = 0
    private var sessionsByAddress: [String: Int] = [:]

    init(maxSessions: Int, maxSessionsPerAddress: Int) {
        self.maxSessions = maxSessions
        self.maxSessionsPerAddress = maxSessionsPerAddress
    }

    func refusal(for address: String) -> Refusal? {
        if openSessions >= maxSessions { return .serverFull(limit: maxSessions) }
        if sessionsByAddress[address, default: 0] >= maxSessionsPerAddress {
            return .addressFull(limit: maxSessionsPerAddress)
        }
        return nil
    }

    mutating func opened(from address: String) {
        openSessions += 1
        sessionsByAddress[address, default: 0] += 1
    }

    /// Forgets an address once its last session closes, so the table holds only open peers.
    mutating func closed(from address: String) {
        openSessions -= 1
        guard let count = sessionsByAddress[address] else { return }
        sessionsByAddress[address] = count > 1 ? count - 1 : nil
    }

    /// Peer addresses with at least one open session.
    var addressCount: Int { sessionsByAddress.count }
}
