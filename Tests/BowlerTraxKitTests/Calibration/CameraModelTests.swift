import XCTest
@testable import BowlerTraxKit

final class CameraModelTests: XCTestCase {
    private let truth = SyntheticCamera()

    private func model() throws -> CameraModel {
        try XCTUnwrap(CameraModel(homography: truth.homography, imageSize: truth.imageSize))
    }

    func testFocalLengthIsRecoveredFromTheHomography() throws {
        XCTAssertEqual(try model().focalPx, truth.focalPx, accuracy: 1e-6)
    }

    func testLaneOriginIsWhereTheCameraSeesIt() throws {
        let t = try model().t, expected = truth.cameraPoint(lateralFt: 0, distanceFt: 0, heightFt: 0)
        XCTAssertEqual(t.x, expected.x, accuracy: 1e-6)
        XCTAssertEqual(t.y, expected.y, accuracy: 1e-6)
        XCTAssertEqual(t.z, expected.z, accuracy: 1e-6)
    }

    func testBallHeightPointsProjectLikeTheTrueCamera() throws {
        let camera = try model()
        for (board, distance) in [(3.0, 2.0), (20, 30), (35, 59.5), (17.5, 60)] {
            let got = try XCTUnwrap(camera.pixel(lateralFt: Lane.lateralFt(board: board), distanceFt: distance, heightFt: Lane.ballRadiusFt))
            let want = truth.pixel(board: board, distanceFt: distance, heightFt: Lane.ballRadiusFt)
            XCTAssertEqual(got.x, want.x, accuracy: 1e-6, "board \(board) at \(distance) ft")
            XCTAssertEqual(got.y, want.y, accuracy: 1e-6, "board \(board) at \(distance) ft")
        }
    }

    func testBallHeightPixelsMapBackToTheirLanePosition() throws {
        let camera = try model()
        let pixel = truth.pixel(board: 12, distanceFt: 41, heightFt: Lane.ballRadiusFt)
        let lane = try XCTUnwrap(camera.lanePosition(xPx: pixel.x, yPx: pixel.y, heightFt: Lane.ballRadiusFt))
        XCTAssertEqual(lane.lateralFt, Lane.lateralFt(board: 12), accuracy: 1e-6)
        XCTAssertEqual(lane.distanceFt, 41, accuracy: 1e-6)
    }

    func testTheLaneNormalPointsUpTowardTheCamera() throws {
        // 5 ft of height: the camera sits 5 ft along `up` from the lane plane.
        let camera = try model()
        XCTAssertEqual(camera.up.dot(-camera.t), 5, accuracy: 1e-6)
    }

    func testPointsBehindTheCameraHaveNoPixel() throws {
        XCTAssertNil(try model().pixel(lateralFt: 0, distanceFt: -20, heightFt: 0))
    }

    func testProjectedRadiusShrinksWithRange() throws {
        let camera = try model()
        let near = camera.cameraPoint(lateralFt: 0, distanceFt: 3, heightFt: Lane.ballRadiusFt)
        let radius = camera.projectedRadiusPx(radiusFt: Lane.ballRadiusFt, at: near)
        XCTAssertEqual(radius, truth.focalPx * Lane.ballRadiusFt / near.length, accuracy: 1e-9)
        XCTAssertGreaterThan(radius, camera.projectedRadiusPx(radiusFt: Lane.ballRadiusFt,
                                                              at: camera.cameraPoint(lateralFt: 0, distanceFt: 60, heightFt: Lane.ballRadiusFt)))
    }
}
