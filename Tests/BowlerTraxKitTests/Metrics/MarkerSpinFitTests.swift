import XCTest
@testable import BowlerTraxKit

/// `MarkerSpinFit` on sightings drawn from an exact spin: a marker on a unit ball turning about `axis`
/// (x right, y down, z toward the camera), seen wherever its depth toward the camera exceeds `seenFromDepth`.
final class MarkerSpinFitTests: XCTestCase {
    private func sightings(rpm: Double, axis: Vector3, marker: Vector3, fps: Double = 30, frames: Int = 20,
                           seenFromDepth: Double = 0.2, largestArea: Double = 0.01) -> [Observation] {
        let k = axis.normalized, q = marker.normalized
        let candidate = BallCandidate(xPx: 100, yPx: 100, radiusPx: 10, areaPx: 314, fill: 1, markerAreaPx: 0, score: 0)
        return (0..<frames).map { frame in
            let timeS = Double(frame) / fps, angle = rpm * 2 * .pi / 60 * timeS
            let p = cos(angle) * q + sin(angle) * k.cross(q) + ((1 - cos(angle)) * k.dot(q)) * k
            let seen = p.z > seenFromDepth
            let appearance = ObservedAppearance(lumaSignature: [], markerFraction: seen ? largestArea * p.z : 0,
                                                markerOffsetX: seen ? p.x : nil, markerOffsetY: seen ? p.y : nil)
            return Observation(frame: frame, timeS: timeS, candidate: candidate, board: nil, distanceFt: nil, appearance: appearance)
        }
    }

    func testFindsTheRateAndAxisOfAnExactSpinAt30Fps() throws {
        let axis = Vector3(0.8, -0.3, -0.5).normalized
        let fit = try XCTUnwrap(MarkerSpinFit(sightings(rpm: 420, axis: axis, marker: Vector3(0.3, 0.5, 0.8)), hand: .right)?
            .fit(in: RevRateEstimator.rpmRange))
        XCTAssertEqual(fit.rpm, 420, accuracy: 0.5)
        XCTAssertGreaterThan(fit.axis.dot(axis), cos(3 * Double.pi / 180))
        XCTAssertGreaterThan(fit.confidence, 0.2)
    }

    /// Seen in at most one frame a turn (a turn of 3.93 frames at 30 fps), the marker fits 458 rpm about the axis and
    /// 442 rpm about the opposite one equally well: the hand's spin sense decides. The axis leans more toward the pins
    /// than to the right, so its opposite is allowed for a left-hander and shows what the rule rejects.
    func testTheHandsSpinSenseChoosesBetweenARateAndItsMirror() throws {
        let axis = Vector3(0.25, 0.75, -0.6).normalized
        let seen = sightings(rpm: 458, axis: axis, marker: axis.cross(Vector3(1, 0, 0)), frames: 30, seenFromDepth: 0.6)
        XCTAssertEqual(seen.filter { $0.appearance?.markerOffsetX != nil }.count, 7, "one sighting a turn at most")
        let right = try XCTUnwrap(MarkerSpinFit(seen, hand: .right)?.fit(in: RevRateEstimator.rpmRange))
        XCTAssertEqual(right.rpm, 458, accuracy: 1)
        let left = try XCTUnwrap(MarkerSpinFit(seen, hand: .left)?.fit(in: RevRateEstimator.rpmRange))
        XCTAssertEqual(left.rpm, 442, accuracy: 1)
    }

    func testAMarkerNeverClearlySeenGivesNoFit() {
        let faint = sightings(rpm: 300, axis: Vector3(1, 0, -0.5), marker: Vector3(0, 0.6, 0.8), largestArea: 0.0015)
        XCTAssertNil(MarkerSpinFit(faint, hand: .right))
    }

    func testTooFewSightingsGiveNoFit() {
        let short = sightings(rpm: 300, axis: Vector3(1, 0, -0.5), marker: Vector3(0, 0.6, 0.8), frames: 5)
        XCTAssertNil(MarkerSpinFit(short, hand: .right))
    }
}
