import XCTest
@testable import BowlerTraxKit

/// The ways a set of landmarks is refused, each with its own message.
final class LaneCalibrationValidationTests: XCTestCase {
    func truthFile() throws -> CalibrationFile {
        try CalibrationFile.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"))
    }

    func testCollinearPointsAreRefused() throws {
        var file = try truthFile()
        file.points = file.points.filter { $0.name?.hasPrefix("arrow") == false || $0.board == 20 }.filter { $0.board == 20 }
        file.points += [LandmarkPoint(name: "extra", xPx: 636, yPx: 500, board: 20, distanceFt: 8), LandmarkPoint(name: "extra 2", xPx: 634, yPx: 300, board: 20, distanceFt: 35)]
        XCTAssertThrowsError(try LaneCalibration(file: file, source: "c.json")) { error in
            XCTAssertEqual("\(error)", "calibration c.json: the points lie on one line, or all but one of them do; add landmarks across and down the lane")
        }
    }

    func testTheSamePixelTwiceIsRefused() throws {
        var file = try truthFile()
        file.points[3].xPx = file.points[2].xPx
        file.points[3].yPx = file.points[2].yPx
        XCTAssertThrowsError(try LaneCalibration(file: file, source: "d.json")) { error in
            XCTAssertEqual("\(error)", "calibration d.json: \"arrow tip, board 5\" and \"arrow tip, board 10\" are on the same pixel; each landmark must be a different point")
        }
    }

    func testSwappedEdgesFoldTheLane() throws {
        var file = try truthFile()
        // Left and right labels swapped on every edge point: a mirrored lane no camera behind the foul line sees.
        for i in file.points.indices { file.points[i].board = 40 - file.points[i].board }
        XCTAssertThrowsError(try LaneCalibration(file: file, source: "m.json")) { error in
            XCTAssertEqual("\(error)", "calibration m.json: the points do not fit a camera looking at the lane (mislabelled or swapped points?)")
        }
    }

    /// Exact landmarks of a camera that sees 152° across the picture (focal length 160 px on 1280) fit, but no lens
    /// sees so wide: refused. Seen through a phone's ultra-wide (123°, 350 px) they are kept.
    func testACameraNoLensHasIsRefused() throws {
        func file(focalPx: Double) -> CalibrationFile { SyntheticCamera(focalPx: focalPx).calibrationFile }
        XCTAssertThrowsError(try LaneCalibration(file: file(focalPx: 160), source: "e.json")) { error in
            XCTAssertEqual("\(error)", "calibration e.json: the points place a camera that sees 151.9° across the picture, which no lens does (0.5° to 150°); check each landmark's board and distance")
        }
        XCTAssertEqual(try LaneCalibration(file: file(focalPx: 350), source: "f.json").camera.focalPx, 350, accuracy: 1)
    }

    func testExactLandmarksFitWithinAHundredthOfAPixel() throws {
        let calibration = try LaneCalibration(file: try truthFile(), source: "t", fitDistortion: true)
        XCTAssertLessThan(calibration.maxErrorPx, 0.01)
        XCTAssertEqual(calibration.k1, 0, accuracy: 0.002)
    }
}
