import XCTest
@testable import BowlerTraxKit

/// A camera that zooms in after the ball (TV): the calibration is of the first frame's picture, so the colour detector
/// looks for the ball where and at the size the zoom puts it in this frame (`BallDetector.View`). Given a box on train
/// 15, the static picture's sizes turned every sighting away once the camera had zoomed: the shot ended at 42 ft.
final class BallDetectorZoomTests: XCTestCase {
    func testABallTwiceAsLargeUnderAZoomIsFoundThroughTheCamerasMotionOnly() throws {
        let calibration = try SyntheticCamera(positionFt: Vector3(0, -10, 5)).calibration()
        // Each detector learns the empty scene from the first frame it sees: one per look at the frame.
        func detector() -> BallDetector { BallDetector(profile: TestColors.blueProfile, region: calibration.searchRegion(), sizeModel: calibration) }
        let first = try XCTUnwrap(calibration.ballPixel(board: 15, distanceFt: 30))
        let firstRadius = try XCTUnwrap(calibration.expectedRadiusPx(atX: first.x, y: first.y))
        // Zoomed 2x about the ball: a pixel p of this frame lies at first + (p - first) / 2 in the first frame's picture.
        let toFirstFrame = Homography([0.5, 0, first.x / 2, 0, 0.5, first.y / 2, 0, 0, 1])
        let fromFirstFrame = try XCTUnwrap(toFirstFrame.inverse)
        let ball = TestRGB(TestColors.blueBall)
        let canvas = TestCanvas(width: 1280, height: 720, background: TestRGB(TestColors.maple), chromaShift: 1)
        canvas.disc(centerX: first.x, centerY: first.y, radius: 2 * firstRadius) { ball.scaled(0.775 - 0.225 * $0) }

        XCTAssertTrue(detector().detect(in: canvas.frame).isEmpty, "the first frame's sizes expect a ball half as large")
        let view = BallDetector.View(region: calibration.searchRegion(seenThrough: fromFirstFrame),
                                     sizeModel: BallSizeSeenThrough(calibration: calibration, toFirstFrame: toFirstFrame))
        let found = try XCTUnwrap(detector().detect(in: canvas.frame, view: view).first, "not found through the zoom")
        XCTAssertEqual(found.xPx, first.x, accuracy: 0.3)
        XCTAssertEqual(found.yPx, first.y, accuracy: 0.3)
        XCTAssertEqual(try XCTUnwrap(found.expectedRadiusPx), 2 * firstRadius, accuracy: 0.05 * firstRadius)
    }

    /// The lane's pixels follow the zoom: a row of the first frame's region, seen through a 2x zoom about a point on
    /// it, spans twice as wide about that point.
    func testTheSearchRegionFollowsTheZoom() throws {
        let calibration = try SyntheticCamera(positionFt: Vector3(0, -10, 5)).calibration()
        let first = try XCTUnwrap(calibration.ballPixel(board: 20, distanceFt: 40))
        let fromFirstFrame = Homography([2, 0, -first.x, 0, 2, -first.y, 0, 0, 1])
        let row = Int(first.y)
        let still = calibration.searchRegion().spans[row], zoomed = calibration.searchRegion(seenThrough: fromFirstFrame).spans[row]
        XCTAssertLessThan(still.start, still.end)
        XCTAssertEqual(Double(zoomed.end - zoomed.start), 2 * Double(still.end - still.start), accuracy: 0.1 * Double(still.end - still.start))
        XCTAssertEqual(Double(zoomed.start + zoomed.end) / 2, Double(still.start + still.end) / 2 + (Double(still.start + still.end) / 2 - first.x),
                       accuracy: 6)
    }
}
