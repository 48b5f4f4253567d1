import XCTest
@testable import BowlerTraxKit

/// A ball the user points at (`--ball-box` on `--ball-frame`) is followed from there by its shape: on a rendered
/// clip it gives the shot the colour detector gives, measured as well.
final class SeededFollowingTests: XCTestCase {
    private static let clip = "right-720p60"

    func testSeededBallGivesTheShotWithinTheValidationTolerances() throws {
        let truth = try FixtureTruth.load(Self.clip)
        let directory = FixtureTruth.directory
        let calibration = try LaneCalibration.load(path: directory.appendingPathComponent("\(Self.clip).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        let path = directory.appendingPathComponent(truth.video).path
        let hand = Hand(rawValue: truth.hand) ?? .right
        let byColour = try VideoAnalyzer(profile: truth.profile, calibration: calibration, hand: hand).analyze(path: path)
        // Pointed at on the colour detector's second sighting: before the colour track is confirmed, so the seed starts the shot.
        let sighting = try XCTUnwrap(byColour.shots.first?.trajectory.dropFirst().first)
        let r = sighting.radiusPx
        let box = PixelRect(x0: Int(sighting.xPx - r), y0: Int(sighting.yPx - r), x1: Int(sighting.xPx + r), y1: Int(sighting.yPx + r))
        let seeded = try VideoAnalyzer(profile: truth.profile, calibration: calibration, hand: hand,
                                       seed: BallSeed(frameIndex: sighting.frame, box: box)).analyze(path: path)
        XCTAssertEqual(seeded.shots.count, 1)
        let shot = try XCTUnwrap(seeded.shots.first), expected = try XCTUnwrap(truth.shots.first)
        XCTAssertEqual(shot.trajectory.first?.frame, sighting.frame)
        let m = shot.measurements
        XCTAssertEqual(try XCTUnwrap(m.arrowsBoard), expected.arrows_board, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(m.breakpointBoard), expected.breakpoint_board, accuracy: 1.0)
        XCTAssertEqual(try XCTUnwrap(m.entryBoard), expected.entry_board, accuracy: 0.75)
        XCTAssertEqual(try XCTUnwrap(m.entryAngleDeg), expected.entry_angle_deg, accuracy: 0.5)
        XCTAssertEqual(try XCTUnwrap(m.averageSpeedMph), expected.average_speed_mph, accuracy: 0.3)
    }
}
