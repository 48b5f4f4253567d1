import XCTest
@testable import BowlerTraxKit

/// A graphic over the picture (a score panel's digit) stays the same at the same pixels while the camera moves the
/// scene under it; a ball does not, even one the camera holds roughly still in the picture.
final class PictureOverlayTests: XCTestCase {
    private static let lane = TestRGB(red: 0.75, green: 0.6, blue: 0.4)

    /// A grey panel with a white ring (a digit's "0") at (100, 100), over a lane whose boards are drawn `laneShift`
    /// pixels across.
    private func frame(laneShift: Int, ringAt ring: (x: Double, y: Double) = (100, 100)) -> VideoFrame {
        let canvas = TestCanvas(width: 200, height: 200, background: Self.lane)
        // A board's dark seam every 12 pixels.
        canvas.fill(TestRGB(red: 0.6, green: 0.45, blue: 0.3)) { x, _ in (x - laneShift + 1200) % 12 < 3 }
        canvas.fill(TestRGB(red: 0.3, green: 0.3, blue: 0.3)) { x, y in abs(Double(x) - ring.x) < 20 && abs(Double(y) - ring.y) < 20 }
        canvas.disc(centerX: ring.x, centerY: ring.y, radius: 9) { _ in TestRGB(red: 0.95, green: 0.95, blue: 0.95) }
        canvas.disc(centerX: ring.x, centerY: ring.y, radius: 5) { _ in TestRGB(red: 0.3, green: 0.3, blue: 0.3) }
        return canvas.frame
    }

    func testGraphicThatStaysWhileTheSceneMovesIsAnOverlay() {
        XCTAssertTrue(PictureOverlay.covers(xPx: 100, yPx: 100, radiusPx: 10, in: frame(laneShift: 0), other: frame(laneShift: 9), sceneShiftPx: 9))
    }

    func testSomethingThatMovedInThePictureIsNoOverlay() {
        XCTAssertFalse(PictureOverlay.covers(xPx: 100, yPx: 100, radiusPx: 10, in: frame(laneShift: 0), other: frame(laneShift: 9, ringAt: (104, 101)),
                                             sceneShiftPx: 9), "a ball the camera follows drifts a few pixels in the picture")
    }

    func testStillnessTellsNothingWhereTheCameraDidNotMove() {
        XCTAssertFalse(PictureOverlay.covers(xPx: 100, yPx: 100, radiusPx: 10, in: frame(laneShift: 0), other: frame(laneShift: 0), sceneShiftPx: 0.5),
                       "with a fixed camera a ball held still is a still ball")
    }

    func testUniformPatchIsNotJudged() {
        let plain = TestCanvas(width: 200, height: 200, background: Self.lane).frame
        XCTAssertFalse(PictureOverlay.covers(xPx: 100, yPx: 100, radiusPx: 10, in: plain, other: plain, sceneShiftPx: 9))
    }
}
