import Motion
@testable import UIKit
import Testing

@Suite("sheet layout: detents, frames, dimming, scale-back")
struct SheetLayoutTests {
    typealias Detent = UISheetPresentationController.Detent
    static let phone = CGSize(width: 390, height: 844)

    func layout(_ detents: [Detent] = [.medium(), .large()], undimmed: Detent.Identifier? = .medium) -> SheetLayout {
        SheetLayout(containerSize: Self.phone, detents: detents, largestUndimmed: undimmed)
    }

    @Test func mediumIsHalfOfLargeWhichStopsTwentyPointsBelowTheTop() {
        let l = layout()
        #expect(l.maximumDetentValue == 824)
        #expect(l.detents.map(\.height) == [412, 824])
        #expect(l.detents.map(\.identifier) == [.medium, .large])
        #expect(l.undimmedHeight == 412)
    }

    /// Under a status bar the presenter's top edge lands at the safe area's top and the large sheet
    /// 10 pt below it; a safe area shallower than 10 pt changes nothing.
    @Test func underAStatusBarTheLargeDetentStartsBelowTheSafeAreasTop() {
        let notched = SheetLayout(containerSize: Self.phone, detents: [.medium(), .large()], largestUndimmed: .medium,
                                  topSafeAreaInset: 47)
        #expect(notched.maximumDetentValue == 844 - 47 - 10)
        #expect(notched.frame(forHeight: notched.largest.height).minY == 57)
        let scale = 1 - 20.0 / 390
        #expect(abs(notched.presenterTransform(progress: 1).ty - (47 - 844 * (1 - scale) / 2)) < 1e-12)
        let shallow = SheetLayout(containerSize: Self.phone, detents: [.large()], largestUndimmed: nil,
                                  topSafeAreaInset: 4)
        #expect(shallow == layout([.large()], undimmed: nil))
    }

    @Test func customDetentsResolveAgainstTheMaximumAndAreSortedClampedOrDropped() {
        var seen: [Double] = []
        let quarter = Detent.custom(identifier: .init("quarter")) { context in
            seen.append(context.maximumDetentValue)
            return context.maximumDetentValue / 4
        }
        let hidden = Detent.custom(identifier: .init("hidden")) { _ in nil }
        let tall = Detent.custom(identifier: .init("tall")) { _ in 5000 }
        let l = layout([.large(), quarter, hidden, tall, .medium()], undimmed: nil)
        #expect(seen == [824])
        #expect(l.detents.map(\.identifier.rawValue).prefix(2) == ["quarter", "com.apple.UIKit.medium"])
        #expect(l.detents.map(\.height) == [206, 412, 824, 824])
        #expect(l.height(of: .init("tall")) == 824)
        #expect(l.height(of: .init("hidden")) == nil)
    }

    @Test func noActiveDetentFallsBackToLarge() {
        let l = layout([.custom(identifier: .init("never")) { _ in nil }])
        #expect(l.detents == [.init(identifier: .large, height: 824)])
    }

    @Test func theSheetsFrameKeepsItsBottomOnTheEdgeAndSlidesDownBelowItsSmallestDetent() {
        let l = layout()
        #expect(l.frame(forHeight: 412) == CGRect(x: 0, y: 432, width: 390, height: 412))
        #expect(l.frame(forHeight: 824) == CGRect(x: 0, y: 20, width: 390, height: 824))
        #expect(l.frame(forHeight: 900) == CGRect(x: 0, y: -56, width: 390, height: 900))
        #expect(l.frame(forHeight: 100) == CGRect(x: 0, y: 744, width: 390, height: 412))
        #expect(l.frame(forHeight: 0).minY == 844)
        #expect(l.height(forTop: 432) == 412)
    }

    @Test func anOverhangHidesTheBottomCornersBelowTheEdge() {
        let l = SheetLayout(containerSize: Self.phone, detents: [.medium(), .large()], largestUndimmed: .medium,
                            bottomOverhang: 10)
        #expect(l.frame(forHeight: 412) == CGRect(x: 0, y: 432, width: 390, height: 422))
        #expect(l.frame(forHeight: 100) == CGRect(x: 0, y: 744, width: 390, height: 422))
    }

    @Test(arguments: [(0.0, 0.0), (412, 0), (618, 0.5), (824, 1), (900, 1)])
    func dimmingRisesFromTheUndimmedDetentToTheNextOne(height: Double, fraction: Double) {
        #expect(abs(layout().dimmingFraction(forHeight: height) - fraction) < 1e-12)
    }

    @Test(arguments: [(0.0, 0.0), (206, 0.5), (412, 1), (824, 1)])
    func withEveryDetentDimmedTheDimmingFadesInBelowTheSmallest(height: Double, fraction: Double) {
        #expect(abs(layout(undimmed: nil).dimmingFraction(forHeight: height) - fraction) < 1e-12)
    }

    @Test func anUndimmedLargestDetentNeverDimsNorScalesThePresenter() {
        let l = layout(undimmed: .large)
        #expect(l.dimmingFraction(forHeight: 824) == 0)
        #expect(l.presenterProgress(forHeight: 824) == 0)
    }

    @Test func thePresenterScalesBackOnlyOnTheWayToTheFullHeightDetent() {
        let l = layout()
        #expect(l.presenterProgress(forHeight: 412) == 0)
        #expect(l.presenterProgress(forHeight: 618) == 0.5)
        #expect(l.presenterProgress(forHeight: 824) == 1)
        #expect(layout([.medium()]).presenterProgress(forHeight: 412) == 0)
    }

    @Test func twoFullHeightDetentsScaleThePresenterAllOrNothing() {
        let l = layout([.large(), .custom(identifier: .init("tall")) { _ in 5000 }], undimmed: nil)
        #expect(l.presenterProgress(forHeight: 824) == 1)
        #expect(l.presenterProgress(forHeight: 800) == 0)
    }

    @Test func anEmptyContainerStillLaysOutFiniteFrames() {
        let l = SheetLayout(containerSize: .zero, detents: [.medium(), .large()], largestUndimmed: .medium)
        #expect(l.detents.allSatisfy { $0.height > 0 && $0.height.isFinite })
        #expect(l.frame(forHeight: 1).minY.isFinite)
        #expect(l.presenterTransform(progress: 1).a.isFinite)
        #expect(l.dimmingFraction(forHeight: 0.75).isFinite)
    }

    @Test func atFullProgressThePresenterIsTwentyPointsNarrowerWithItsTopTenPointsDown() {
        let t = layout().presenterTransform(progress: 1)
        let scale = 1 - 20.0 / 390
        #expect(abs(t.a - scale) < 1e-12 && abs(t.d - scale) < 1e-12)
        // Scaled about the center, the top edge lands at 844/2 · (1 − scale) + ty.
        #expect(abs(844 / 2 * (1 - scale) + t.ty - 10) < 1e-9)
        #expect(layout().presenterTransform(progress: 0) == .identity)
    }
}

@Suite("sheet release targets")
struct SheetReleaseTargetTests {
    static let layout = SheetLayout(containerSize: CGSize(width: 390, height: 844),
                                    detents: [.medium(), .large()], largestUndimmed: .medium)

    /// Projected heights: dismissal is a target at height 0, so below half of medium (206) dismisses.
    @Test(arguments: [
        (-300.0, SheetDriver.Target.dismissed), (205, .dismissed), (207, .detent(.medium)),
        (617, .detent(.medium)), (619, .detent(.large)), (2000, .detent(.large)),
    ])
    func theNearestTargetToTheProjectionWins(projected: Double, target: SheetDriver.Target) {
        #expect(SheetDriver.target(for: projected, in: Self.layout) == target)
    }
}
