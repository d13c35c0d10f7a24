import Foundation
@testable import SegueServer
import Testing

@Suite struct MessageRateLimiterTests {
    @Test func aBurstUpToTheRateIsAllowedThenRefused() {
        var limiter = MessageRateLimiter(messagesPerSecond: 100)
        let allowed = (0..<150).filter { _ in limiter.allow(atMicroseconds: 1_000_000) }.count
        #expect(allowed == 100)
    }

    @Test func tokensComeBackAtTheRate() {
        var limiter = MessageRateLimiter(messagesPerSecond: 100)
        for _ in 0..<100 { _ = limiter.allow(atMicroseconds: 0) }
        let refusedAtOnce = !limiter.allow(atMicroseconds: 0)
        #expect(refusedAtOnce)
        // 50 ms at 100/s refills 5 tokens.
        let allowed = (0..<10).filter { _ in limiter.allow(atMicroseconds: 50_000) }.count
        #expect(allowed == 5)
    }

    @Test func aSteadySenderAtTheRateIsNeverRefused() {
        var limiter = MessageRateLimiter(messagesPerSecond: 1000)
        let refused = (0..<10_000).filter { !limiter.allow(atMicroseconds: Int64($0) * 1000) }.count
        #expect(refused == 0)
    }

    @Test func timeGoingBackwardsRefillsNothing() {
        var limiter = MessageRateLimiter(messagesPerSecond: 10)
        for _ in 0..<10 { _ = limiter.allow(atMicroseconds: 5_000_000) }
        let earlier = limiter.allow(atMicroseconds: 1_000_000)
        let same = limiter.allow(atMicroseconds: 5_000_000)
        let later = limiter.allow(atMicroseconds: 5_100_000)
        #expect(!earlier && !same && later)
    }

    @Test func aLongSilenceRefillsOnlyToTheBurst() {
        var limiter = MessageRateLimiter(messagesPerSecond: 20)
        _ = limiter.allow(atMicroseconds: 0)
        let allowed = (0..<100).filter { _ in limiter.allow(atMicroseconds: 3_600_000_000) }.count
        #expect(allowed == 20)
    }
}

@Suite struct SessionAdmissionTests {
    @Test func refusesPastThePerAddressLimitButAdmitsOthers() {
        var admission = SessionAdmission(maxSessions: 10, maxSessionsPerAddress: 2)
        admission.opened(from: "10.0.0.1")
        admission.opened(from: "10.0.0.1")
        #expect(admission.refusal(for: "10.0.0.1") == .addressFull(limit: 2))
        #expect(admission.refusal(for: "10.0.0.2") == nil)
        admission.closed(from: "10.0.0.1")
        #expect(admission.refusal(for: "10.0.0.1") == nil)
    }

    @Test func refusesEveryoneWhenFull() {
        var admission = SessionAdmission(maxSessions: 3, maxSessionsPerAddress: 3)
        for address in ["a", "b", "c"] { admission.opened(from: address) }
        #expect(admission.refusal(for: "d") == .serverFull(limit: 3))
        admission.closed(from: "b")
        #expect(admission.refusal(for: "d") == nil)
    }

    @Test func forgetsAddressesWhoseSessionsAllClosed() {
        var admission = SessionAdmission(maxSessions: 2000, maxSessionsPerAddress: 5)
        for index in 0..<1000 { admission.opened(from: "peer-\(index)") }
        #expect(admission.addressCount == 1000)
        for index in 0..<1000 { admission.closed(from: "peer-\(index)") }
        #expect(admission.addressCount == 0)
        #expect(admission.openSessions == 0)
    }
}

@Suite struct PublicPathGuardTests {
    /// A public directory with a page, a link inside it, and links that lead out.
    static func makeTree() throws -> (guard: PublicPathGuard, root: URL) {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("segue-guard-\(UUID().uuidString)")
        let root = base.appendingPathComponent("Public")
        try manager.createDirectory(at: root.appendingPathComponent("js"), withIntermediateDirectories: true)
        try Data("<html>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("export {}".utf8).write(to: root.appendingPathComponent("js/main.js"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("alias.js").path, withDestinationPath: "js/main.js")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("leak.txt").path,
                                       withDestinationPath: base.appendingPathComponent("secret.txt").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("up").path, withDestinationPath: "..")
        let resolved = try #require(realpath(root.path, nil))
        defer { free(resolved) }
        return (PublicPathGuard(root: String(cString: resolved), indexFile: "index.html"), base)
    }

    @Test(arguments: ["/", "/index.html", "/js/main.js", "/alias.js", "/js/", "/missing.png", "/index.html?v=2"])
    func pathsInsideAreAllowed(_ uri: String) throws {
        let tree = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        #expect(tree.guard.allows(uri: uri))
    }

    @Test(arguments: ["/leak.txt", "/etc/hostname", "/etc/", "/up/secret.txt", "/up/Public/../secret.txt"])
    func symlinksLeadingOutAreRefused(_ uri: String) throws {
        let tree = try Self.makeTree()
        defer { try? FileManager.default.removeItem(at: tree.root) }
        #expect(!tree.guard.allows(uri: uri))
    }
}

@Suite struct OriginPolicyTests {
    let policy = OriginPolicy(allowedOrigins: ["https://viewer.example:8443"])

    @Test func sameOriginLoopbackAndConfiguredOriginsAreAllowed() {
        #expect(policy.allows(origin: nil, host: "127.0.0.1:8080"))
        #expect(policy.allows(origin: "http://192.168.1.20:8080", host: "192.168.1.20:8080"))
        #expect(policy.allows(origin: "http://localhost:3000", host: "10.0.0.1:8080"))
        #expect(policy.allows(origin: "http://127.0.0.1:9", host: "10.0.0.1:8080"))
        #expect(policy.allows(origin: "http://[::1]:8080", host: "10.0.0.1:8080"))
        #expect(policy.allows(origin: "HTTPS://Viewer.Example:8443/", host: "10.0.0.1:8080"))
    }

    @Test(arguments: ["https://evil.example", "null", "file://", "http://127.0.0.1.evil.example",
                      "http://viewer.example:8443", "javascript:alert(1)", "http://10.0.0.1:8080/path"])
    func otherOriginsAreRefused(_ origin: String) {
        #expect(!policy.allows(origin: origin, host: "10.0.0.1:8080"))
    }
}
