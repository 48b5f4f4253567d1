import XCTest
@testable import BowlerTraxKit

/// The front pins' first movement, seen against the previous frame through the camera's motion, is the ball's
/// arrival: not before the ball nears them, not a camera that pans, not the ball itself passing in front of them.
final class PinWatchTests: XCTestCase {
    private static let camera = SyntheticCamera()
    private static let calibration = Result { try camera.calibration() }
    private static let dark = TestRGB(hueDeg: 0, saturationPct: 0, valuePct: 10)
    private static let white = TestRGB(hueDeg: 0, saturationPct: 0, valuePct: 95)
    private let fps = 60.0

    /// Frame `index`: the front three pins standing, the head pin `headShiftPx` aside, the whole scene `panPx` to the
    /// right, and a ball (radius 6 px) at `ball` if given.
    private func frame(_ index: Int, headShiftPx: Double = 0, panPx: Double = 0, ball: (x: Double, y: Double)? = nil) -> VideoFrame {
        let canvas = TestCanvas(width: 1280, height: 720, background: Self.dark, index: index, timeS: Double(index) / fps)
        for spot in Lane.frontPinSpots {
            let base = Self.camera.pixel(board: spot.board, distanceFt: spot.distanceFt)
            let top = Self.camera.pixel(board: spot.board, distanceFt: spot.distanceFt, heightFt: 15.0 / 12)
            let side = Self.camera.pixel(lateralFt: Lane.lateralFt(board: spot.board) + Lane.pinRadiusFt, distanceFt: spot.distanceFt)
            let halfWidth = abs(side.x - base.x), shift = panPx + (spot.pin == 1 ? headShiftPx : 0)
            canvas.fill(Self.white) { x, y in
                abs(Double(x) + 0.5 - base.x - shift) <= halfWidth && Double(y) + 0.5 >= top.y && Double(y) + 0.5 <= base.y
            }
        }
        if let ball { canvas.disc(centerX: ball.x + panPx, centerY: ball.y, radius: 6) { _ in Self.white } }
        return canvas.frame
    }

    /// The panned camera's motion from a frame to the one before: the scene sits `stepPx` further right in each.
    private func pan(stepPx: Double) -> Homography { Homography([1, 0, -stepPx, 0, 1, 0, 0, 0, 1]) }

    func testStandingPinsAreNoContactAndTheirFirstMovementIs() throws {
        let watch = PinWatch(calibration: try Self.calibration.get())
        for index in 0..<5 {
            watch.watch(frame(index), toPrevious: .identity, toCalibration: .identity, ball: nil, farthestFt: 56)
            XCTAssertNil(watch.contact, "frame \(index): the pins stand")
        }
        watch.watch(frame(5, headShiftPx: 2), toPrevious: .identity, toCalibration: .identity, ball: nil, farthestFt: 57)
        let contact = try XCTUnwrap(watch.contact)
        XCTAssertEqual(contact.frame, 5)
        XCTAssertEqual(contact.timeS, 4.5 / fps, accuracy: 1e-9, "midway between the last frame they stood in and the first they moved in")
        watch.reset()
        XCTAssertNil(watch.contact)
    }

    func testPinsAreNotWatchedBeforeTheBallNearsThem() throws {
        let watch = PinWatch(calibration: try Self.calibration.get())
        watch.watch(frame(0), toPrevious: .identity, toCalibration: .identity, ball: nil, farthestFt: 40)
        watch.watch(frame(1, headShiftPx: 2), toPrevious: .identity, toCalibration: .identity, ball: nil, farthestFt: 40)
        XCTAssertNil(watch.contact, "the ball was last seen at 40 ft: something else moved them")
    }

    func testACameraThatPansIsNotThePinsMoving() throws {
        let watch = PinWatch(calibration: try Self.calibration.get())
        for index in 0..<5 {
            let panned = Double(3 * index)
            watch.watch(frame(index, panPx: panned), toPrevious: pan(stepPx: 3), toCalibration: pan(stepPx: panned), ball: nil, farthestFt: 56)
            XCTAssertNil(watch.contact, "frame \(index): only the camera moved")
        }
        watch.watch(frame(5, headShiftPx: 2, panPx: 15), toPrevious: pan(stepPx: 3), toCalibration: pan(stepPx: 15), ball: nil, farthestFt: 57)
        XCTAssertEqual(watch.contact?.frame, 5)
    }

    func testTheBallPassingInFrontOfThePinsIsNotTheirMovement() throws {
        // A ball drawn over the pins' watched part (as one rolling past a low camera would be), moving 4 px a frame.
        let neck = Self.camera.pixel(board: 20, distanceFt: 60, heightFt: 12.0 / 12)
        let watch = PinWatch(calibration: try Self.calibration.get()), unaware = PinWatch(calibration: try Self.calibration.get())
        for index in 0..<3 {
            let ball = (x: neck.x - 12 + 4 * Double(index), y: neck.y)
            let seen = BallCandidate(xPx: ball.x, yPx: ball.y, radiusPx: 6, areaPx: 113, fill: 1, markerAreaPx: 0, score: 0)
            watch.watch(frame(index, ball: ball), toPrevious: .identity, toCalibration: .identity, ball: seen, farthestFt: 56)
            unaware.watch(frame(index, ball: ball), toPrevious: .identity, toCalibration: .identity, ball: nil, farthestFt: 56)
        }
        XCTAssertNil(watch.contact, "the ball's own disc is left out")
        XCTAssertNotNil(unaware.contact, "told nothing of the ball, its motion reads as the pins'")
    }
}
