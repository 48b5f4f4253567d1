import XCTest
@testable import BowlerTraxKit

/// A ball followed by its shape, whatever its colour: the one the user points at (`--ball-box` on `--ball-frame`),
/// and the one found by itself with no ball option. On a rendered clip each gives the shot the colour detector
/// gives, measured within the validation tolerances.
final class ShapeFollowingTests: XCTestCase {
    private static let clip = "right-720p60"

    private struct Clip {
        var truth: FixtureTruth
        var calibration: LaneCalibration
        var path: String
        var hand: Hand
    }

    private func load() throws -> Clip {
        let truth = try FixtureTruth.load(Self.clip)
        let directory = FixtureTruth.directory
        let calibration = try LaneCalibration.load(path: directory.appendingPathComponent("\(Self.clip).calibration.json").path,
                                                   videoSize: PixelSize(width: truth.width, height: truth.height))
        return Clip(truth: truth, calibration: calibration, path: directory.appendingPathComponent(truth.video).path,
                    hand: Hand(rawValue: truth.hand) ?? .right)
    }

    func testSeededBallGivesTheShotWithinTheValidationTolerances() throws {
        let clip = try load()
        let byColour = try VideoAnalyzer(profile: clip.truth.profile, calibration: clip.calibration, hand: clip.hand).analyze(path: clip.path)
        // Pointed at on the colour detector's second sighting: before the colour track is confirmed, so the seed starts the shot.
        let sighting = try XCTUnwrap(byColour.shots.first?.trajectory.dropFirst().first)
        let r = sighting.radiusPx
        let box = PixelRect(x0: Int(sighting.xPx - r), y0: Int(sighting.yPx - r), x1: Int(sighting.xPx + r), y1: Int(sighting.yPx + r))
        let seeded = try VideoAnalyzer(profile: clip.truth.profile, calibration: clip.calibration, hand: clip.hand,
                                       seed: BallSeed(frameIndex: sighting.frame, box: box)).analyze(path: clip.path)
        XCTAssertEqual(seeded.shots.first?.trajectory.first?.frame, sighting.frame)
        try assertMeasuredAsDrawn(seeded, clip)
    }

    func testBallFoundByItselfGivesTheShotWithinTheValidationTolerances() throws {
        let clip = try load()
        let found = try VideoAnalyzer(profile: nil, calibration: clip.calibration, hand: clip.hand).analyze(path: clip.path)
        try assertMeasuredAsDrawn(found, clip)
    }

    private func assertMeasuredAsDrawn(_ result: AnalysisResult, _ clip: Clip, line: UInt = #line) throws {
        XCTAssertEqual(result.shots.count, 1, line: line)
        let shot = try XCTUnwrap(result.shots.first, line: line), expected = try XCTUnwrap(clip.truth.shots.first, line: line)
        let m = shot.measurements
        XCTAssertEqual(try XCTUnwrap(m.arrowsBoard, line: line), expected.arrows_board, accuracy: 0.5, line: line)
        XCTAssertEqual(try XCTUnwrap(m.breakpointBoard, line: line), expected.breakpoint_board, accuracy: 1.0, line: line)
        XCTAssertEqual(try XCTUnwrap(m.entryBoard, line: line), expected.entry_board, accuracy: 0.75, line: line)
        XCTAssertEqual(try XCTUnwrap(m.entryAngleDeg, line: line), expected.entry_angle_deg, accuracy: 0.5, line: line)
        XCTAssertEqual(try XCTUnwrap(m.averageSpeedMph, line: line), expected.average_speed_mph, accuracy: 0.3, line: line)
    }
}
