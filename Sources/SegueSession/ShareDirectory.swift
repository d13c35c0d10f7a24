import SegueWire

/// The shared sessions of one transport (one service thread): share tokens to worlds, and the cap
/// on watchers per world.
///
/// Tokens come from `makeToken`, which the transport backs with the system's CSPRNG; the core
/// never makes randomness of its own, so tests inject a seeded source. Not `Sendable`: it belongs
/// to the thread that drives its sessions, like the sessions themselves.
@MainActor public final class ShareDirectory {
    /// Watchers one session takes; past it a watch is refused with `ErrorCode.tooManyWatchers`.
    public let maximumWatchers: Int
    private let makeToken: () -> ShareToken
    private var worlds: [ShareToken: SharedWorld] = [:]

    /// The default cap: a class on its phones plus a projector.
    public nonisolated static let defaultMaximumWatchers = 32

    public init(maximumWatchers: Int = ShareDirectory.defaultMaximumWatchers, makeToken: @escaping () -> ShareToken) {
        precondition(maximumWatchers >= 0, "a watcher cap cannot be negative")
        self.maximumWatchers = maximumWatchers
        self.makeToken = makeToken
    }

    /// Sessions with a share link that someone is still in.
    public var sharedSessionCount: Int { worlds.count }

    /// Watching connections across every shared session.
    public var watcherCount: Int { worlds.values.reduce(0) { $0 + $1.watchers.count } }

    /// The world's token, made and listed on first use.
    func token(for world: SharedWorld) -> ShareToken {
        if let token = world.token { return token }
        var token = makeToken()
        while worlds[token] != nil { token = makeToken() }
        world.token = token
        worlds[token] = world
        return token
    }

    func world(for token: ShareToken) -> SharedWorld? {
        worlds[token]
    }

    /// The last connection left `world`: its link stops working.
    func remove(_ world: SharedWorld) {
        if let token = world.token { worlds[token] = nil }
    }
}
