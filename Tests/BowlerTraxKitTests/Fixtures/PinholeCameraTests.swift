import XCTest
import BowlerTraxKit
@testable import BowlerTraxFixtures

final class PinholeCameraTests: XCTestCase {
    private let specs = [CameraSpec(), CameraSpec(positionFt: Vector3(-0.8, -15, 5.2), lookAtFt: Vector3(0.2, 19, 0), rollDeg: -3, k1: -0.05)]

    func testLaneLandmarkRoundTripsThroughItsPixel() throws {
        for spec in specs {
            let camera = PinholeCamera(spec: spec, widthPx: 1280, heightPx: 720)
            let world = Vector3(Lane.lateralFt(board: 35), 13, 0)
            let pixel = try XCTUnwrap(camera.project(world))
            let ray = camera.ray(xPx: pixel.xPx, yPx: pixel.yPx)
            let t = -camera.origin.z / ray.z
            let back = camera.origin + ray * t
            XCTAssertEqual(back.x, world.x, accuracy: 1e-6)
            XCTAssertEqual(back.y, world.y, accuracy: 1e-6)
        }
    }

    func testPointOnTheOpticalAxisProjectsToTheImageCentre() throws {
        let camera = PinholeCamera(spec: CameraSpec(), widthPx: 640, heightPx: 360)
        let pixel = try XCTUnwrap(camera.project(CameraSpec().lookAtFt))
        XCTAssertEqual(pixel.xPx, 320, accuracy: 1e-9)
        XCTAssertEqual(pixel.yPx, 180, accuracy: 1e-9)
    }

    func testBoardOneIsOnTheRightOfTheImage() throws {
        let camera = PinholeCamera(spec: CameraSpec(), widthPx: 640, heightPx: 360)
        let board1 = try XCTUnwrap(camera.project(Vector3(Lane.lateralFt(board: 1), 10, 0)))
        let board39 = try XCTUnwrap(camera.project(Vector3(Lane.lateralFt(board: 39), 10, 0)))
        XCTAssertGreaterThan(board1.xPx, board39.xPx)
    }
}
