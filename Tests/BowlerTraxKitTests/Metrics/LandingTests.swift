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

    /// A real phone clip (at chest height behind the bowler, 30 fps), as `analyze` with no ball option read it through
    /// a calibration clicked by hand: (frame, ft, board, the sigmas). Frames 125 to 132 are the swing (the backswing read
    /// 9.3 ft out, the bottom of the swing 2.7 ft, the release), 134 to 139 a long loft read past where the ball was
    /// (10.2 ft, then back to 8.8 where it landed), 140 on the rolling ball. The first sighting, read past `anchorFt`,
    /// had begun the anchor, so nothing was left out: the release was placed 0.58 s early and the average speed read
    /// 14.0 mph (17.6 given the ball's box at frame 140; 18.3 by the time of flight to the head pin, by eye).
    private static let phoneClip: [ClipSighting] = [
        (125, 9.33, 38.67, 0.032, 0.046), (126, 5.8, 35.41, 0.024, 0.04), (129, 2.73, 32.36, 0.018, 0.035),
        (131, 5.64, 33.78, 0.024, 0.04), (132, 6.9, 33.3, 0.026, 0.042), (134, 9.11, 31.2, 0.031, 0.045),
        (137, 10.18, 26.12, 0.034, 0.047), (139, 9.87, 23.58, 0.033, 0.046), (140, 8.75, 22.03, 0.03, 0.045),
        (141, 8.56, 20.94, 0.03, 0.044), (142, 10.11, 20.39, 0.034, 0.047), (143, 10.86, 19.15, 0.035, 0.048),
        (144, 11.6, 19.06, 0.037, 0.049), (145, 12.62, 18.18, 0.04, 0.051), (146, 13.04, 17.38, 0.041, 0.052),
        (147, 13.98, 16.73, 0.044, 0.053), (148, 14.74, 16.0, 0.046, 0.055), (149, 15.56, 15.31, 0.048, 0.056),
        (150, 16.31, 14.65, 0.05, 0.057), (151, 17.03, 13.99, 0.052, 0.058), (152, 17.9, 13.34, 0.055, 0.06),
        (153, 18.78, 12.74, 0.058, 0.061), (154, 19.69, 12.08, 0.061, 0.063), (155, 20.57, 11.47, 0.064, 0.064),
        (156, 21.45, 10.88, 0.067, 0.066), (157, 22.37, 10.32, 0.07, 0.067), (158, 23.25, 9.72, 0.073, 0.069),
        (159, 24.11, 9.16, 0.076, 0.07), (160, 24.95, 8.61, 0.079, 0.072), (161, 25.81, 8.04, 0.082, 0.073),
    ]

    func testFromLowTheSwingReadFarOutAndALongLoftAreLeftOut() {
        let samples = RealClipSightings.samples(Self.phoneClip, fps: 30)
        let kept = Landing.onLane(samples)
        XCTAssertEqual(kept.first.map { Int(($0.timeS * 30).rounded()) }, 140, "from where the ball landed")
        XCTAssertEqual(kept.count, samples.count - 8)
    }

    /// A TV clip (test/Task2 11, 29.97 fps, given the ball's box at frame 0 in the bowler's hand), its ball half hidden
    /// by the bowler at first: readings jitter a foot back and forth (frames 13 and 14, 23 and 24), each coming back once.
    private static let jitteringTVClip: [ClipSighting] = [
        (0, 3.61, 39.92, 0.028, 0.077), (11, 8.61, 26.93, 0.03, 0.062), (12, 9.76, 27.19, 0.031, 0.063),
        (13, 10.84, 27.23, 0.032, 0.063), (14, 9.99, 25.22, 0.03, 0.059), (17, 13.1, 23.96, 0.032, 0.059),
        (18, 14.68, 24.76, 0.034, 0.06), (19, 14.53, 25.2, 0.033, 0.059), (20, 14.38, 23.15, 0.032, 0.056),
        (21, 15.09, 20.84, 0.032, 0.054), (22, 16.27, 21.11, 0.033, 0.054), (23, 17.97, 22.03, 0.035, 0.056),
        (24, 17.36, 21.13, 0.033, 0.053), (25, 18.09, 20.79, 0.034, 0.053), (26, 18.77, 20.17, 0.034, 0.052),
        (27, 19.93, 20.21, 0.035, 0.052), (28, 21.21, 19.46, 0.036, 0.052), (29, 22.71, 20.54, 0.037, 0.053),
        (30, 21.18, 17.98, 0.034, 0.05), (31, 22.23, 18.39, 0.035, 0.05), (32, 22.69, 16.25, 0.035, 0.049),
        (33, 25.19, 17.85, 0.037, 0.05), (34, 24.15, 16.55, 0.035, 0.048), (35, 24.95, 16.72, 0.035, 0.048),
        (36, 25.64, 16.1, 0.035, 0.047), (37, 26.36, 15.16, 0.035, 0.047),
    ]

    func testALoftReadPastTheAnchorsStartIsLeftOutByComingBack() throws {
        let kept = Landing.onLane(RealClipSightings.samples(RealClipSightings.phoneClipAutoCalibrated, fps: 30))
        let first = try XCTUnwrap(kept.first.map { Int(($0.timeS * 30).rounded()) })
        XCTAssertTrue((140...142).contains(first), "from where the ball landed, not \(first)")
    }

    func testOneSightingReadBackIsJitterNotALoft() {
        let fps = 30000.0 / 1001, samples = RealClipSightings.samples(Self.jitteringTVClip, fps: fps)
        let kept = Landing.onLane(samples)
        XCTAssertEqual(kept.first.map { Int(($0.timeS * fps).rounded()) }, 11, "the box in the bowler's hand left out, the rolling path kept")
        XCTAssertEqual(kept.count, samples.count - 1)
    }

    func testABallRollingFromTheFoulLineKeepsEverySighting() throws {
        let rolled = try hook { _ in 0 }
        let samples = rolled.observations.map { PathSample(timeS: $0.timeS, board: $0.board ?? 0, distanceFt: $0.distanceFt ?? 0, boardSigma: 0.05, distanceSigmaFt: 0.02) }
        XCTAssertEqual(Landing.onLane(samples).count, samples.count)
    }
}
