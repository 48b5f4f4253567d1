import XCTest
@testable import BowlerTraxKit

/// Discs that moved against the background are found, whatever their colour; what stayed put is not, nor the
/// place a ball left, nor a moving shape that is not round.
final class MovingDiscFinderTests: XCTestCase {
    private static let maple = TestRGB(hueDeg: 35, saturationPct: 35, valuePct: 85)
    private static let black = TestRGB(hueDeg: 0, saturationPct: 0, valuePct: 12)

    /// A 640×360 lane-coloured frame with a dark ball and a dark pin-like post (which never moves).
    private func frame(ballAtX x: Double, y: Double, stripeAtX stripe: Int? = nil) -> VideoFrame {
        let canvas = TestCanvas(width: 640, height: 360, background: Self.maple, chromaShift: 1)
        canvas.fill(Self.black) { px, py in (500..<516).contains(px) && (40..<90).contains(py) }
        if let stripe { canvas.fill(Self.black) { px, _ in (stripe..<stripe + 60).contains(px) } }
        canvas.disc(centerX: x, centerY: y, radius: 14) { _ in Self.black }
        return canvas.frame
    }

    /// Registers `frame` and returns its moving discs.
    private func find(_ finder: MovingDiscFinder, _ frame: VideoFrame, toPrevious: Homography?) -> [DiscMatch] {
        finder.register(frame, toPrevious: toPrevious)
        return finder.discs(in: frame)
    }

    func testBallThatMovedIsFoundWhereItIsNowNotWhereItWas() throws {
        let finder = MovingDiscFinder()
        XCTAssertEqual(find(finder, frame(ballAtX: 300, y: 250), toPrevious: nil), [], "no previous frame: nothing to compare")
        let discs = find(finder, frame(ballAtX: 310, y: 200), toPrevious: Homography.identity)
        let ball = try XCTUnwrap(discs.first)
        XCTAssertEqual(ball.xPx, 310, accuracy: 4)
        XCTAssertEqual(ball.yPx, 200, accuracy: 4)
        XCTAssertEqual(ball.radiusPx, 14, accuracy: 3)
        XCTAssertFalse(discs.contains { abs($0.yPx - 250) < 14 }, "the place the ball left holds no disc")
        XCTAssertFalse(discs.contains { abs($0.xPx - 508) < 20 }, "the post did not move")
    }

    func testCameraPanIsTakenOutSoOnlyTheBallMoves() throws {
        // The camera panned 12 px right: the scene (post included) moved 12 px left in the picture, the ball 4 px.
        let finder = MovingDiscFinder()
        _ = find(finder, frame(ballAtX: 300, y: 250), toPrevious: nil)
        let panned = TestCanvas(width: 640, height: 360, background: Self.maple, chromaShift: 1)
        panned.fill(Self.black) { px, py in (488..<504).contains(px) && (40..<90).contains(py) }
        panned.disc(centerX: 296, centerY: 230, radius: 14) { _ in Self.black }
        let discs = find(finder, panned.frame, toPrevious: Homography([1, 0, 12, 0, 1, 0, 0, 0, 1]))
        XCTAssertEqual(discs.count, 1)
        XCTAssertEqual(try XCTUnwrap(discs.first).yPx, 230, accuracy: 4)
    }

    func testBallMovingLittleFromFrameToFrameIsFoundAgainstAnEarlierFrame() throws {
        // 60 fps, the ball creeping 2 px a frame up the picture (far down the lane, the camera following it): from one
        // frame to the next only a thin crescent changes, but against the frame 0.05 s back (three frames) it has moved
        // clear of a good part of where it was.
        let finder = MovingDiscFinder()
        var discs: [DiscMatch] = []
        for i in 0..<6 {
            let canvas = TestCanvas(width: 640, height: 360, background: Self.maple, chromaShift: 1, index: i, timeS: Double(i) / 60)
            canvas.disc(centerX: 300, centerY: 250 - 2 * Double(i), radius: 14) { _ in Self.black }
            discs = find(finder, canvas.frame, toPrevious: i == 0 ? nil : Homography.identity)
        }
        let ball = try XCTUnwrap(discs.first, "found in the sixth frame")
        XCTAssertEqual(ball.yPx, 240, accuracy: 4)
        XCTAssertEqual(ball.radiusPx, 14, accuracy: 3)
    }

    func testMovingStripeIsNoDisc() {
        let finder = MovingDiscFinder()
        _ = find(finder, frame(ballAtX: 100, y: 300, stripeAtX: 200), toPrevious: nil)
        let discs = find(finder, frame(ballAtX: 100, y: 300, stripeAtX: 260), toPrevious: Homography.identity)
        XCTAssertEqual(discs, [], "a long shape moving sideways stands out on two sides only")
    }
}
