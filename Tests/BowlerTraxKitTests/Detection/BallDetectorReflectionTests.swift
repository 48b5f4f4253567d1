import XCTest
@testable import BowlerTraxKit

/// The lane's mirror image of the ball: a dimmer copy directly below it, joined to it or not.
final class BallDetectorReflectionTests: XCTestCase {
    private let lane = TestRGB(TestColors.maple)
    private let ball = TestRGB(TestColors.blueBall)

    /// Paints the ball lit from above and, touching it from below, its reflection at 60 % brightness.
    private func paintBallAndReflection(on canvas: TestCanvas, x: Double, y: Double, radius: Double) {
        canvas.disc(centerX: x, centerY: y + 2 * radius, radius: radius) { self.ball.scaled(0.6 * (0.775 + 0.225 * $0)) }
        canvas.disc(centerX: x, centerY: y, radius: radius) { self.ball.scaled(0.775 - 0.225 * $0) }
    }

    func testBallIsPreferredToItsReflectionOnACalibratedLane() throws {
        // Camera far enough back that the search region can be built (see LaneCalibrationTests' known bug).
        let calibration = try SyntheticCamera(positionFt: Vector3(0, -10, 5)).calibration()
        let detector = BallDetector(profile: TestColors.blueProfile, region: calibration.searchRegion(), sizeModel: calibration)
        for (board, distance) in [(5.0, 3.0), (12.5, 9.3), (20, 17.1), (27.5, 24.6), (33, 31.9), (17.5, 39)] {
            let pixel = try XCTUnwrap(calibration.ballPixel(board: board, distanceFt: distance))
            let radius = try XCTUnwrap(calibration.expectedRadiusPx(atX: pixel.x, y: pixel.y))
            let canvas = TestCanvas(width: 1280, height: 720, background: lane, chromaShift: 1)
            paintBallAndReflection(on: canvas, x: pixel.x, y: pixel.y, radius: radius)
            let found = try XCTUnwrap(detector.detect(in: canvas.frame).first, "board \(board) at \(distance) ft")
            XCTAssertEqual(found.xPx, pixel.x, accuracy: 0.2, "board \(board) at \(distance) ft")
            XCTAssertEqual(found.yPx, pixel.y, accuracy: 0.2, "board \(board) at \(distance) ft")
        }
    }

    /// Without a calibration, when the colour mask splits the ball from its reflection (the
    /// anti-aliased, subsampled contact pixels are not ball-coloured), the mirror image below is dropped.
    func testReflectionSplitFromTheBallDoesNotOutrankItWithoutCalibration() throws {
        let x = 99.88676804598393, y = 80.25230701583823, radius = 13.60374500593523
        let canvas = TestCanvas(width: 200, height: 160, background: lane, chromaShift: 1)
        paintBallAndReflection(on: canvas, x: x, y: y, radius: radius)
        let found = BallDetector(profile: TestColors.blueProfile, region: SearchRegion(width: 200, height: 160), sizeModel: nil).detect(in: canvas.frame)
        XCTAssertEqual(found.count, 1, "the reflection, a separate blob under the ball, is not a candidate")
        let best = try XCTUnwrap(found.first)
        XCTAssertEqual(best.yPx, y, accuracy: 0.2, "the best candidate is the reflection, \(best.yPx - y) px below the ball")
    }
}
