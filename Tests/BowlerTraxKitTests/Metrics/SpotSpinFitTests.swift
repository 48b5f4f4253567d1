import XCTest
@testable import BowlerTraxKit

/// `SpotSpinFit` on sightings drawn from an exact spin: a marker on a unit ball turning about `axis`
/// (x right, y down, z toward the camera), seen wherever its depth toward the camera exceeds `seenFromDepth`.
final class SpotSpinFitTests: XCTestCase {
    private func sightings(rpm: Double, axis: Vector3, marker: Vector3, fps: Double = 30, frames: Int = 20,
                           seenFromDepth: Double = 0.2, largestArea: Double = 0.01) -> [(timeS: Double, spot: BallSpot?)] {
        let k = axis.normalized, q = marker.normalized
        return (0..<frames).map { frame in
            let timeS = Double(frame) / fps, angle = rpm * 2 * .pi / 60 * timeS
            let p = cos(angle) * q + sin(angle) * k.cross(q) + ((1 - cos(angle)) * k.dot(q)) * k
            return (timeS, p.z > seenFromDepth ? BallSpot(areaShare: largestArea * p.z, offsetX: p.x, offsetY: p.y) : nil)
        }
    }

    func testFindsTheRateAndAxisOfAnExactSpinAt30Fps() throws {
        let axis = Vector3(0.8, -0.3, -0.5).normalized
        let fit = try XCTUnwrap(SpotSpinFit(sightings(rpm: 420, axis: axis, marker: Vector3(0.3, 0.5, 0.8)), hand: .right)?
            .fit(in: RevRateEstimator.rpmRange).clear)
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
        XCTAssertEqual(seen.filter { $0.spot != nil }.count, 7, "one sighting a turn at most")
        let right = try XCTUnwrap(SpotSpinFit(seen, hand: .right)?.fit(in: RevRateEstimator.rpmRange).clear)
        XCTAssertEqual(right.rpm, 458, accuracy: 1)
        let left = try XCTUnwrap(SpotSpinFit(seen, hand: .left)?.fit(in: RevRateEstimator.rpmRange).clear)
        XCTAssertEqual(left.rpm, 442, accuracy: 1)
    }

    func testAMarkerNeverClearlySeenGivesNoFit() {
        let faint = sightings(rpm: 300, axis: Vector3(1, 0, -0.5), marker: Vector3(0, 0.6, 0.8), largestArea: 0.0015)
        XCTAssertNil(SpotSpinFit(faint, hand: .right))
    }

    func testTooFewSightingsGiveNoFit() {
        let short = sightings(rpm: 300, axis: Vector3(1, 0, -0.5), marker: Vector3(0, 0.6, 0.8), frames: 5)
        XCTAssertNil(SpotSpinFit(short, hand: .right))
    }
}
