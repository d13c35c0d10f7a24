import Motion
import Testing

@Suite("fluid-interface math (WWDC 2018)")
struct FluidMathTests {
    @Test func aThousandPointsPerSecondProjectsTheTalksDistances() {
        #expect(abs(FluidMath.projectedDistance(velocity: 1000) - 499) < 1e-9)
        #expect(abs(FluidMath.projectedDistance(velocity: 1000, decelerationRate: FluidMath.fastDecelerationRate) - 99) < 1e-9)
        #expect(abs(FluidMath.projectedDistance(velocity: -1000) + 499) < 1e-9)
        #expect(FluidMath.projectedDistance(velocity: 0) == 0)
    }

    @Test func projectionRefusesRatesThatNeverStop() {
        #expect(FluidMath.projectedDistance(velocity: 1000, decelerationRate: 1) == 0)
        #expect(FluidMath.projectedDistance(velocity: .infinity) == 0)
    }

    @Test(arguments: [(100.0, 51.51), (1000.0, 327.90)])
    func rubberBandOnAniPhoneHeightMatchesTheNotes(offset: Double, shown: Double) {
        #expect(abs(FluidMath.rubberBand(offset, dimension: 812) - shown) < 0.005)
        #expect(abs(FluidMath.rubberBand(-offset, dimension: 812) + shown) < 0.005)
    }

    @Test func rubberBandStartsOneToOneAtTheCoefficientAndNeverReachesTheDimension() {
        #expect(FluidMath.rubberBand(0, dimension: 812) == 0)
        #expect(abs(FluidMath.rubberBandSlope(at: 0, dimension: 812) - 0.55) < 1e-12)
        #expect(FluidMath.rubberBand(1e9, dimension: 812) < 812)
    }

    @Test(arguments: [0.0, 3, 100, 1000, -250])
    func inverseUndoesTheBand(offset: Double) {
        let shown = FluidMath.rubberBand(offset, dimension: 844)
        #expect(abs(FluidMath.rubberBandInverse(shown, dimension: 844) - offset) < 1e-6)
    }

    @Test func slopeIsTheBandsDerivative() {
        let h = 1e-4
        for x in [0.5, 40, 400] {
            let numeric = (FluidMath.rubberBand(x + h, dimension: 844) - FluidMath.rubberBand(x - h, dimension: 844)) / (2 * h)
            #expect(abs(FluidMath.rubberBandSlope(at: x, dimension: 844) - numeric) < 1e-6)
        }
    }

    @Test func nearestPicksTheClosestAndTheFirstOfATie() {
        #expect(FluidMath.nearestIndex(to: 300, among: [0, 412, 824]) == 1)
        #expect(FluidMath.nearestIndex(to: 206, among: [0, 412, 824]) == 0)
        #expect(FluidMath.nearestIndex(to: 2000, among: [0, 412, 824]) == 2)
        #expect(FluidMath.nearestIndex(to: 1, among: []) == nil)
    }
}
