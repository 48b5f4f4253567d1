import XCTest
@testable import BowlerTraxKit

/// A telephoto view from far behind the lane (focal length 60000 px, 1000 ft back): so near affine that its
/// landmarks, each 0.6 px off, make the homography's 1/f² negative. The focal length is fitted instead.
final class LaneCalibrationTelephotoTests: XCTestCase {
    private let camera = SyntheticCamera(focalPx: 60_000, positionFt: Vector3(0, -1000, 100), pitchDeg: 5.7)
    /// Placement errors (px) of the twelve landmarks, chosen so the free homography implies no camera.
    private let offsets: [(Double, Double)] = [(1, 1), (1, -1), (1, -1), (-1, -1), (1, 1), (-1, -1), (1, 1), (-1, -1), (-1, -1), (1, -1), (1, 1), (1, 1)]

    private var file: CalibrationFile {
        var points = camera.landmarks
        for (i, offset) in offsets.enumerated() {
            points[i].xPx += 0.6 * offset.0
            points[i].yPx += 0.6 * offset.1
        }
        return CalibrationFile(imageSize: camera.imageSize, points: points)
    }

    func testTheHomographyAloneImpliesNoCamera() throws {
        let points = file.points
        let homography = try XCTUnwrap(Homography.fit(from: points.map { (Lane.lateralFt(board: $0.board), $0.distanceFt) }, to: points.map { ($0.xPx, $0.yPx) }))
        XCTAssertNil(CameraModel(homography: homography, imageSize: camera.imageSize))
    }

    func testAFittedFocalLengthMapsTheLaneWithinATenthOfABoard() throws {
        let calibration = try LaneCalibration(file: file, source: "telephoto")
        XCTAssertLessThan(calibration.maxErrorPx, 1.5)
        for (board, distance) in [(12.0, 41.0), (3, 8), (35, 55)] {
            let pixel = camera.pixel(board: board, distanceFt: distance, heightFt: Lane.ballRadiusFt)
            let lane = try XCTUnwrap(calibration.ballPosition(xPx: pixel.x, yPx: pixel.y))
            XCTAssertEqual(lane.board, board, accuracy: 0.1, "board \(board) at \(distance) ft")
            XCTAssertEqual(lane.distanceFt, distance, accuracy: 0.5, "board \(board) at \(distance) ft")
        }
    }

    /// The fitted focal length does not make bad points fit: with the lane's far end drawn 300 px wider than its
    /// near end, whatever camera is kept leaves them far off, and `calibrate` refuses the fit by its residuals.
    func testALaneWiderAtItsFarEndStillFitsBadly() throws {
        var points = camera.landmarks
        for i in points.indices where points[i].distanceFt == 60 && points[i].board != 20 {
            points[i].xPx += (points[i].board < 20 ? 1 : -1) * 150
        }
        let calibration = try LaneCalibration(file: CalibrationFile(imageSize: camera.imageSize, points: points), source: "wide.json")
        print("lane wider at its far end: largest error \(calibration.maxErrorPx) px")
        XCTAssertGreaterThan(calibration.maxErrorPx, 10)
    }
}
