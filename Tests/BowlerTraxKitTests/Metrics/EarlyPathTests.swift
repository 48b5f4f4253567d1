import XCTest
@testable import BowlerTraxKit

/// The early path read back to the foul line from a ball the bowler hid for its first feet (`ShotMeasurer.earlyPath`).
final class EarlyPathTests: XCTestCase {
    /// One ball of a real phone clip (chest height behind the bowler, its automatic calibration), as `analyze` kept
    /// its sightings: with no ball option (those of `RealClipSightings.phoneClipAutoCalibrated` that `Landing` keeps,
    /// from frame 140), and given a box 9.7 ft out (below). The bowler hides it until 9.5 ft, so both read the foul
    /// line 9.5 ft back. A free quadratic, bent by the sightings' noise, read it on board 33.2 and on board 38.8; the
    /// ball is one, and turns no faster than the oil lets it.
    private static let noBallOption = RealClipSightings.phoneClipAutoCalibrated.filter { $0.frame >= 140 }
    private static let givenTheBox: [ClipSighting] = [
        (140, 9.73, 22.18, 0.033, 0.043), (141, 9.34, 20.8, 0.032, 0.043), (142, 11.31, 20.8, 0.037, 0.046),
        (143, 11.81, 19.43, 0.038, 0.047), (144, 12.47, 18.99, 0.04, 0.047), (145, 12.74, 17.16, 0.04, 0.048),
        (146, 14.0, 17.12, 0.044, 0.05), (147, 14.89, 16.47, 0.046, 0.051), (148, 15.67, 15.93, 0.048, 0.052),
        (149, 16.49, 15.19, 0.05, 0.053), (150, 17.32, 14.42, 0.053, 0.055), (151, 17.86, 13.75, 0.054, 0.055),
        (152, 18.59, 13.08, 0.056, 0.056), (153, 20.03, 13.21, 0.06, 0.059), (154, 21.21, 12.32, 0.064, 0.06),
        (155, 21.92, 12.08, 0.066, 0.061), (156, 22.86, 11.53, 0.069, 0.063), (157, 24.21, 10.79, 0.074, 0.065),
    ]

    func testOneBallFirstSeenPastTheReleaseReadsOneFoulLineBoard() throws {
        let reads = try [Self.noBallOption, Self.givenTheBox].map { sightings in
            let samples = RealClipSightings.samples(sightings, fps: 30)
            return try XCTUnwrap(ShotMeasurer.earlyPath(samples, from: samples[0].distanceFt)).value(at: 0)
        }
        XCTAssertEqual(reads[0], reads[1], accuracy: 1, "the same ball's foul-line board, read from its two sets of sightings")
        // Both still read the sightings' own direction: from 22 at 9.5 ft, outward about a board a foot.
        for read in reads { XCTAssertTrue((29.0...35.0).contains(read), "\(read)") }
    }

    func testTheBendIsHeldToWhatTheOilAllowsAtTheBallsSpeed() throws {
        // 26 ft/s over the first 15 ft: the oil's most (0.05 g across) turns the path 0.05 * 32.174 / 26² ft per ft²,
        // half of it the quadratic's coefficient, in boards.
        let fit = try XCTUnwrap(ShotMeasurer.earlyPath(RealClipSightings.samples(Self.givenTheBox, fps: 30), from: 9.73))
        let speedFtS = (24.21 - 9.73) / (17.0 / 30)
        let most = Timing.frontSlowingFtS2.upperBound / (speedFtS * speedFtS) / Lane.boardWidthFt / 2
        XCTAssertLessThanOrEqual(abs(fit.coefficients[2]), most * (1 + 1e-9))
    }
}
