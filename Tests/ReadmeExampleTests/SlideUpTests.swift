import SegueTesting
import Testing

@Test @MainActor func theCardSlidesUpFromTheBottomEdge() throws {
    let run = SceneRun(slideUp)
    run.tap("home-open")
    let start = try #require(run.releases.last).time
    #expect(run.waitUntilSettled())
    // Ease-out: past half way up by half time.
    let halfTime = try #require(run.frame(of: "card", at: start + 0.2))
    #expect(halfTime.minY < 844 / 2)
    #expect(run.top == "card")
    #expect(run.frame(of: "card")!.isClose(to: CGRect(x: 0, y: 0, width: 390, height: 844), within: 0.01))
}
