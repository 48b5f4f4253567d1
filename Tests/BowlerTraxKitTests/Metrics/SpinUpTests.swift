import XCTest
@testable import BowlerTraxKit

final class SpinUpTests: XCTestCase {
    /// μ g R / k² × the mean axis cosine with DOMAIN.md's middles: 0.0275 × 32.174 × (4.25/12) / (2.63/12)² × 0.608.
    func testTheRiseFollowsFromDomainConstants() {
        XCTAssertEqual(SpinUp.rpmPerSecond(axisCosine: SpinUp.meanAxisCosine), 37.9, accuracy: 0.1)
    }

    private func sightings(fromFt: Double, toFt: Double, speedFtS: Double, placed: Bool = true) -> [Observation] {
        let candidate = BallCandidate(xPx: 100, yPx: 100, radiusPx: 10, areaPx: 314, fill: 1, markerAreaPx: 0, score: 0)
        let frames = Int(((toFt - fromFt) / speedFtS * 30).rounded())
        return (0...frames).map { frame in
            let timeS = 2 + Double(frame) / 30
            return Observation(frame: frame, timeS: timeS, candidate: candidate, board: nil,
                               distanceFt: placed ? fromFt + speedFtS * Double(frame) / 30 : nil)
        }
    }

    /// Seen from 7 to 20 ft at 26 ft/s (15 frames at 30 fps), the sightings' middle (13.5 ft) is 3.5 ft, 0.1346 s,
    /// after the 20 ft's (10 ft).
    func testARateSeenFrom7FtIsMovedBackToTheMiddleOfTheFirst20Ft() {
        let corrected = SpinUp.averageOverFirst20Ft(400, sightings: sightings(fromFt: 7, toFt: 20, speedFtS: 26), axisCosine: SpinUp.meanAxisCosine)
        XCTAssertEqual(400 - corrected, SpinUp.rpmPerSecond(axisCosine: SpinUp.meanAxisCosine) * 3.5 / 26, accuracy: 1e-6)
    }

    /// Friction turns the ball toward rolling forward: a forward roller (axis rotation 0) spins up fastest, a ball
    /// spinning about the direction it travels (axis rotation 90) not at all.
    func testTheRiseFollowsTheAxis() {
        let seen = sightings(fromFt: 7, toFt: 20, speedFtS: 26)
        XCTAssertEqual(400 - SpinUp.averageOverFirst20Ft(400, sightings: seen, axisCosine: 1),
                       (400 - SpinUp.averageOverFirst20Ft(400, sightings: seen, axisCosine: SpinUp.meanAxisCosine)) / SpinUp.meanAxisCosine,
                       accuracy: 1e-6)
        XCTAssertEqual(SpinUp.averageOverFirst20Ft(400, sightings: seen, axisCosine: 0), 400)
    }

    func testWithoutDistancesTheRateIsUnchanged() {
        XCTAssertEqual(SpinUp.averageOverFirst20Ft(400, sightings: sightings(fromFt: 7, toFt: 20, speedFtS: 26, placed: false), axisCosine: 1), 400)
    }
}
