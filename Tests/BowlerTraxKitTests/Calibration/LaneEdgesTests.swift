import XCTest
@testable import BowlerTraxKit

/// The lane's edges found in the picture check `--auto`'s fit: four landmarks fit a homography whatever they are,
/// so a wrong one passes the residual test; read through such a fit, the edges are boards off.
final class LaneEdgesTests: XCTestCase {
    func testAFitOfFourLandmarksWithAWrongOneIsRefusedByTheEdges() throws {
        let frame = try CalibrationFrame(path: CalibrationCLI.fixture("right-720p60.mp4"), medianOf: 15)
        let truth = try LaneCalibration.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"), videoSize: nil)
        let found = try LaneFinder(image: frame.image).find()
        func landmark(_ name: String, board: Double, distanceFt: Double, seenAtBoard: Double) throws -> LandmarkPoint {
            let pixel = try XCTUnwrap(truth.surfacePixel(board: seenAtBoard, distanceFt: distanceFt))
            return LandmarkPoint(name: name, xPx: pixel.x, yPx: pixel.y, board: board, distanceFt: distanceFt)
        }
        let near = [try landmark("foul line, right edge", board: 0.5, distanceFt: 0, seenAtBoard: 0.5),
                    try landmark("foul line, left edge", board: 39.5, distanceFt: 0, seenAtBoard: 39.5),
                    try landmark("arrow tip, board 10", board: 10, distanceFt: 14, seenAtBoard: 10)]
        let right = try LaneCalibration(file: CalibrationFile(imageSize: frame.size, points: near + [try landmark("head pin", board: 20, distanceFt: 60, seenAtBoard: 20)]), source: "auto")
        let offset = try found.edges.check(right)
        print("right fit: edges read within \(offset) boards, largest residual \(right.maxErrorPx) px")
        XCTAssertLessThan(offset, 0.5)

        // A mark on the pin deck 3 boards left of the head pin's spot taken for it. (5 boards left no longer fits
        // within 3 px since the camera's axes are kept at right angles: a skewed camera had fitted it.)
        let wrong = try LaneCalibration(file: CalibrationFile(imageSize: frame.size, points: near + [try landmark("head pin", board: 20, distanceFt: 60, seenAtBoard: 23)]), source: "auto")
        print("wrong fit: largest residual \(wrong.maxErrorPx) px")
        XCTAssertLessThan(wrong.maxErrorPx, 3, "the residuals alone would let it pass")
        XCTAssertThrowsError(try found.edges.check(wrong)) { error in
            guard case CalibrationError.edgesOffFit(_, _, _, let board, let edgeBoard) = error else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(board.map { abs($0 - edgeBoard) } ?? .infinity, LaneEdges.toleranceBoards)
            XCTAssertTrue("\(error)".hasPrefix("calibration auto: the fit reads the lane's"), "\(error)")
        }
    }
}
