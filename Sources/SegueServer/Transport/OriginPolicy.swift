#if canImport(Glibc)
import Glibc
#endif

/// Decides which WebSocket handshakes may proceed, judged by their `Origin` header.
///
/// Browsers attach `Origin` to every WebSocket handshake and let any page open one, so without this
/// check a page on another site could drive a viewer session. Allowed: no `Origin` at all
/// (command-line clients and tests, which a browser cannot impersonate), the page's own origin
/// (matches `Host`), pages served from a loopback address, and origins configured explicitly.
struct OriginPolicy: Sendable {
    private let allowedOrigins: Set<String>

    init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins.compactMap(Self.normalize))
    }

    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let normalized = Self.normalize(origin) else { return false }
        if allowedOrigins.contains(normalized) { return true }
        let authority = normalized[normalized.firstRange(of: "://")!.upperBound...]
        if let host, authority == host.lowercased() { return true }
        return Self.isLoopback(Self.hostName(of: authority))
    }

    /// `scheme://authority` in lower case with no trailing slash, or `nil` for anything that is
    /// not an http(s) origin (including the opaque origin `null`).
    static func normalize(_ origin: String) -> String? {
        var text = origin.lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        guard let separator = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        let authority = text[separator.upperBound...]
        guard scheme == "http" || scheme == "https", !authority.isEmpty,
              !authority.contains("/") else { return nil }
        return text
    }

    private static func hostName(of authority: Substring) -> Substring {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return authority[authority.index(after: authority.startIndex)..<end]
        }
        return authority.split(separator: ":", maxSplits: 1).first ?? authority
    }

    private static func isLoopback(_ host: Substring) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        var address = in_addr()
        guard inet_pton(AF_INET, String(host), &address) == 1 else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }
}
