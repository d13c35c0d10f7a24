import CLibWebSockets
@testable import SegueServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct KernelTimerTests {
    @Test func aRepeatingTimerCountsEveryExpirationAndStopsWhenDisarmed() throws {
        let timer = try KernelTimer()
        timer.start(after: 5_000_000, repeating: true)
        usleep(52_000)
        // The kernel counted every 5-ms expiration since it was armed, however late the read.
        #expect(timer.takeExpirations() >= 10)
        timer.stop()
        _ = timer.takeExpirations()
        usleep(20_000)
        #expect(timer.takeExpirations() == 0)
    }

    @Test func aOneShotTimerExpiresOnce() throws {
        let timer = try KernelTimer()
        #expect(timer.takeExpirations() == 0)  // unarmed: nothing to read, and no blocking
        timer.start(after: 2_000_000, repeating: false)
        usleep(30_000)
        #expect(timer.takeExpirations() == 1)
        #expect(timer.takeExpirations() == 0)
    }
}

@Suite(.serialized) struct DescriptorLimitTests {
    private func softLimit() -> rlim_t {
        var limits = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits)
        return limits.rlim_cur
    }

    @Test func lwsSeesItsTableSizeAsTheLimitAndTheProcessGetsItsOwnBack() {
        let before = softLimit()
        var during: rlim_t = 0
        let made = DescriptorLimit.whileMakingContext(tableSize: 100) {
            during = softLimit()
            return nil
        }
        #expect(made == nil)
        #expect(during == 102)  // lws adds 2 to fd_limit_per_thread before comparing
        #expect(softLimit() == before)
    }
}

@Suite struct ServiceLoopTests {
    @Test func epollHandsLwsItsLibevLoop() throws {
        let loop = try ServiceLoop(kind: .epoll)
        var info = lws_context_creation_info()
        loop.configure(&info)
        #expect(info.options & UInt64(LWS_SERVER_OPTION_LIBEV) != 0)
        #expect(info.foreign_loops?.pointee != nil)
    }

    @Test func pollLeavesLwsItsOwnLoop() throws {
        let loop = try ServiceLoop(kind: .poll)
        var info = lws_context_creation_info()
        loop.configure(&info)
        #expect(info.options == 0)
        #expect(info.foreign_loops == nil)
    }
}
