import XCTest
@testable import BowlerTraxKit

/// Which sightings the rev rate is read from: on TV footage the ball is often followed from the bowler's hand, through
/// the swing, before it crosses the foul line (docs/rev-rate.md, on real footage).
final class RevRateWindowTests: XCTestCase {
    private static let fps = 60.0
    private static let releasedAtS = 0.5
    private static let speedFtS = 25.0

    /// Half a second of the ball held with its marker in view, then the ball rolling from the foul line at 420 rpm.
    private func observations(placedOnTheLane: Bool) -> [Observation] {
        let axis = Vector3(0.3, 0, -0.95).normalized, marker = Vector3(0.2, -0.5, 0.85).normalized
        return (0..<90).map { frame in
            let timeS = Double(frame) / Self.fps
            var observation = Observation(frame: frame, timeS: timeS, candidate: BallCandidate(discAtX: 640, y: 500, radiusPx: 20))
            let spot: BallSpot?
            if timeS < Self.releasedAtS {
                // Carried through the swing: the marker swings with the arm, about the forward-roll axis.
                let swing = 1.2 * sin(2 * .pi * timeS)
                spot = BallSpot(areaShare: 0.01, offsetX: 0.2, offsetY: 0.9 * sin(swing - 0.3))
            } else {
                let angle = 420 * 2 * .pi / 60 * (timeS - Self.releasedAtS)
                let p = cos(angle) * marker + sin(angle) * axis.cross(marker) + ((1 - cos(angle)) * axis.dot(marker)) * axis
                spot = p.z > 0.2 ? BallSpot(areaShare: 0.01 * p.z, offsetX: p.x, offsetY: p.y) : nil
            }
            let cells = ObservedAppearance.gridSize * ObservedAppearance.gridSize
            observation.appearance = ObservedAppearance(lumaSignature: [Float](repeating: 0, count: cells), lumaMean: 40, lumaDeviation: 2, marker: spot)
            if placedOnTheLane { observation.distanceFt = max(0, timeS - Self.releasedAtS) * Self.speedFtS }
            return observation
        }
    }

    func testSightingsBeforeTheReleaseAreLeftOut() throws {
        let estimate = try XCTUnwrap(RevRateEstimator(hand: .right).estimate(observations(placedOnTheLane: true), releasedAtS: Self.releasedAtS))
        // The spin is exact: read from the swing on, the same sightings give 428 rpm.
        XCTAssertEqual(estimate.rpm, 420, accuracy: 1)
    }

    func testWithoutTheLaneThereIsNoRate() {
        XCTAssertNil(RevRateEstimator(hand: .right).estimate(observations(placedOnTheLane: false), releasedAtS: Self.releasedAtS),
                     "with no sighting placed on the lane the first 20 ft cannot be told")
    }
}
