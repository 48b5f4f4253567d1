import XCTest
import BowlerTraxKit
@testable import BowlerTraxFixtures

final class LensDistortionTests: XCTestCase {
    func testUndistortInvertsDistort() {
        let lens = LensDistortion(k1: -0.18, focalPx: 700, imageSize: PixelSize(width: 1280, height: 720))
        let seen = lens.distort(xPx: 100, yPx: 650)
        let back = lens.undistort(xPx: seen.x, yPx: seen.y)
        XCTAssertNotEqual(seen.x, 100, accuracy: 1)
        XCTAssertEqual(back.x, 100, accuracy: 1e-6)
        XCTAssertEqual(back.y, 650, accuracy: 1e-6)
    }

    /// A 640x360 clip rendered through a lens with k1 = -0.15: its landmarks bend, and the fit recovers k1.
    func renderDistorted() throws -> (calibration: BowlerTraxKit.CalibrationFile, camera: PinholeCamera) {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        var spec = ClipSpec(name: "bent", widthPx: 640, heightPx: 360, fps: 30, x264Preset: "ultrafast", shots: [], minDurationS: 0.05)
        spec.camera = CameraSpec(positionFt: Vector3(0.5, -15, 5.4), lookAtFt: Vector3(0, 19, 0), rollDeg: 0.8, verticalFovDeg: 30, k1: -0.15)
        try FixtureRenderer.render(spec: spec, to: dir)
        let file = try BowlerTraxKit.CalibrationFile.load(path: dir.appendingPathComponent("bent.calibration.json").path)
        return (file, PinholeCamera(spec: spec.camera, widthPx: 640, heightPx: 360))
    }

    func testFitRecoversTheRenderedK1() throws {
        let (file, _) = try renderDistorted()
        let calibration = try LaneCalibration(file: file, source: "bent", fitDistortion: true)
        XCTAssertEqual(calibration.k1, -0.15, accuracy: 0.005)
        XCTAssertLessThan(calibration.maxErrorPx, 0.05)
    }

    func testWithoutDistortionTheSameLandmarksFitWorse() throws {
        let (file, _) = try renderDistorted()
        let plain = try LaneCalibration(file: file, source: "bent")
        let fitted = try LaneCalibration(file: file, source: "bent", fitDistortion: true)
        // The landmarks sit near the image's middle, where k1 bends little: the gain is real but small in pixels.
        XCTAssertGreaterThan(plain.maxErrorPx, 0.05)
        XCTAssertGreaterThan(plain.maxErrorPx, 10 * fitted.maxErrorPx)
    }

    func testBallPositionsAreRightThroughTheDistortedLens() throws {
        let (file, camera) = try renderDistorted()
        let calibration = try LaneCalibration(file: file, source: "bent", fitDistortion: true)
        for (board, distanceFt) in [(3.0, 5.0), (30.0, 25.0), (17.5, 59.5)] {
            let centre: Vector3 = Vector3(Lane.lateralFt(board: board), distanceFt, Lane.ballRadiusFt)
            let pixel: (xPx: Double, yPx: Double) = try XCTUnwrap(camera.project(centre))
            let found: (board: Double, distanceFt: Double) = try XCTUnwrap(calibration.ballPosition(xPx: pixel.xPx, yPx: pixel.yPx))
            XCTAssertEqual(found.board, board, accuracy: 0.05, "board at \(distanceFt) ft")
            XCTAssertEqual(found.distanceFt, distanceFt, accuracy: 0.1)
            let back: (x: Double, y: Double) = try XCTUnwrap(calibration.ballPixel(board: board, distanceFt: distanceFt))
            XCTAssertEqual(back.x, pixel.xPx, accuracy: 0.1)
            XCTAssertEqual(back.y, pixel.yPx, accuracy: 0.1)
        }
    }

    func testK1IsWrittenAndReadBack() throws {
        let file = BowlerTraxKit.CalibrationFile(imageSize: PixelSize(width: 640, height: 360),
                                                 points: StandardLandmarks.all.map { var p = $0; p.xPx = 1; p.yPx = 2; return p }, k1: -0.125)
        let parsed = try BowlerTraxKit.CalibrationFile.parse(file.jsonData(), path: "x")
        XCTAssertEqual(parsed.k1, -0.125)
    }

    func testAnOutOfRangeK1IsRejected() {
        let json = #"{"image_width": 640, "image_height": 360, "k1": 3, "points": []}"#
        XCTAssertThrowsError(try BowlerTraxKit.CalibrationFile.parse(Data(json.utf8), path: "x.json")) { error in
            XCTAssertEqual("\(error)", "calibration x.json: k1 must be a number from -0.6 to 0.6 (got 3.0)")
        }
    }
}
