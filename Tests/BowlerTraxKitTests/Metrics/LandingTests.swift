import XCTest
@testable import BowlerTraxKit

/// The sightings before the ball is on the lane (`Landing`): a lofted release, and the swing before it.
final class LandingTests: XCTestCase {
    private static let calibration = Result { try SyntheticCamera().calibration() }

    private func calibration() throws -> LaneCalibration { try Self.calibration.get() }

    /// The hook seen from the foul line on, each sighting read as the tracker reads it: through the calibration, at
    /// the ball's height above the lane `heightFt(t)` (t after the foul line) plus its radius.
    private func hook(heightFt: (Double) -> Double) throws -> TrackedShot {
        let calibration = try calibration()
        var shot = SyntheticShot.hook(calibration: calibration)
        shot.seenFt = 0...62
        let observations = try shot.observations.map { observation in
            let distance = try XCTUnwrap(observation.distanceFt), lateral = Lane.lateralFt(board: try XCTUnwrap(observation.board))
            let pixel = try XCTUnwrap(calibration.pixel(lateralFt: lateral, distanceFt: distance, heightFt: Lane.ballRadiusFt + heightFt(observation.timeS)))
            let read = try XCTUnwrap(calibration.ballPosition(xPx: pixel.x, yPx: pixel.y))
            var seen = observation
            (seen.candidate.xPx, seen.candidate.yPx) = pixel
            (seen.board, seen.distanceFt) = (read.board, read.distanceFt)
            return seen
        }
        return TrackedShot(observations: observations)
    }

    private func measure(_ track: TrackedShot) throws -> ShotMeasurements {
        ShotMeasurer(calibration: try calibration(), hand: .right).measure(track, shotNumber: 1).measurements
    }

    /// Fields read near the foul line, and the speeds that start from its crossing, with the fixtures' tolerances.
    private static let fields: [(String, Double, @Sendable (ShotMeasurements) -> Double?)] = [
        ("foul line board", 0.75, { $0.foulLineBoard }), ("launch angle", 0.5, { $0.launchAngleDeg }),
        ("launch speed", 0.4, { $0.launchSpeedMph }), ("average speed", 0.3, { $0.averageSpeedMph }),
        ("arrows board", 0.5, { $0.arrowsBoard }), ("breakpoint board", 1.0, { $0.breakpointBoard }),
    ]

    func testALoftedReleaseMeasuresAsTheBallRolledFromTheFoulLine() throws {
        // Let go 0.6 ft above the lane, it falls freely and lands 0.19 s later, 5.8 ft down-lane: seen from behind and
        // above, its first sightings read up to a few feet too far.
        let lofted = try hook { t in max(0, 0.6 - 16.1 * t * t) }
        let first = try XCTUnwrap(lofted.observations.first)
        XCTAssertGreaterThan(try XCTUnwrap(first.distanceFt), 0.5, "the loft moves the first sighting down-lane")
        let rolled = try measure(try hook { _ in 0 })
        let measured = try measure(lofted)
        for (name, tolerance, value) in Self.fields {
            let truth = try XCTUnwrap(value(rolled), name), found = try XCTUnwrap(value(measured), "\(name) with a loft")
            XCTAssertEqual(found, truth, accuracy: tolerance, name)
        }
    }

    func testTheSwingBeforeTheReleaseIsLeftOut() throws {
        // Picked up at the bottom of the swing, 2 ft behind the foul line and 1 ft up, moving forward and down to the
        // release in 0.2 s: sightings going back and forth on the approach, read nowhere near the ball's later path.
        let calibration = try calibration()
        let rolled = try hook { _ in 0 }
        var swing: [Observation] = []
        for k in 1...12 {
            let t = -Double(k) / 60, back = 2 * sin(.pi * Double(k) / 12)
            let pixel = try XCTUnwrap(calibration.pixel(lateralFt: Lane.lateralFt(board: 20), distanceFt: -back, heightFt: Lane.ballRadiusFt + 0.05 * Double(k)))
            let read = try XCTUnwrap(calibration.ballPosition(xPx: pixel.x, yPx: pixel.y))
            var seen = try XCTUnwrap(rolled.observations.first)
            (seen.frame, seen.timeS) = (-k, t)
            (seen.candidate.xPx, seen.candidate.yPx) = pixel
            (seen.board, seen.distanceFt) = (read.board, read.distanceFt)
            swing.insert(seen, at: 0)
        }
        let truth = try measure(rolled)
        let measured = try measure(TrackedShot(observations: swing + rolled.observations))
        for (name, tolerance, value) in Self.fields {
            XCTAssertEqual(try XCTUnwrap(value(measured), name), try XCTUnwrap(value(truth), name), accuracy: tolerance, name)
        }
    }

    func testABallRollingFromTheFoulLineKeepsEverySighting() throws {
        let rolled = try hook { _ in 0 }
        let samples = rolled.observations.map { PathSample(timeS: $0.timeS, board: $0.board ?? 0, distanceFt: $0.distanceFt ?? 0, boardSigma: 0.05, distanceSigmaFt: 0.02) }
        XCTAssertEqual(Landing.onLane(samples).count, samples.count)
    }
}
