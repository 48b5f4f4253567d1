import XCTest
@testable import BowlerTraxKit

/// `analyze` finds no shot: whether the calibration read ball after ball as no bowled ball, all on one side.
final class CalibrationDoubtTests: XCTestCase {
    private func result(shots: [Shot] = [], turnedAway: [(speedMph: Double, sizeRatio: Double)]) -> AnalysisResult {
        AnalysisResult(video: "clip.mp4", fps: 30, frames: 300, size: PixelSize(width: 1080, height: 1920), shots: shots,
                       framesWithBall: 0, turnedAway: turnedAway, corruptPackets: 0)
    }

    func testEveryBallReadTooSlowDoubtsTheCalibration() throws {
        // The phone clip with its far landmarks taken on the masking unit.
        let doubt = try XCTUnwrap(result(turnedAway: [(4.9, 1.14), (4.4, 0.92), (4.1, 2.33)]).calibrationDoubt)
        XCTAssertEqual(doubt.balls, 3)
        XCTAssertEqual(doubt.reading, .speed)
        XCTAssertEqual(doubt.read, 4.1...4.9)
        XCTAssertEqual(doubt.bowled.lowerBound, 10 / 1.4666667, accuracy: 1e-9)
    }

    func testEveryBallReadTooLargeDoubtsTheCalibration() throws {
        let doubt = try XCTUnwrap(result(turnedAway: [(18, 2.0), (17, 2.2)]).calibrationDoubt)
        XCTAssertEqual(doubt.reading, .size)
        XCTAssertEqual(doubt.read, 2.0...2.2)
        XCTAssertEqual(doubt.bowled, ShotTracker.foundSizeRatios)
    }

    func testThingsReadOnBothSidesOrOnceOrBesideAShotDoNot() {
        // People walking through the noshot fixture's right calibration.
        XCTAssertNil(result(turnedAway: [(7.4, 0.32), (29.9, 1.4), (12, 0.9), (20, 1.1)]).calibrationDoubt)
        XCTAssertNil(result(turnedAway: [(4.1, 1)]).calibrationDoubt, "one ball says little")
        let shot = Shot(shotNumber: 1, releaseTimeS: 0, hand: .right, measurements: ShotMeasurements(), trajectory: [])
        XCTAssertNil(result(shots: [shot], turnedAway: [(4.9, 1), (4.1, 1)]).calibrationDoubt, "a shot was found")
    }
}
