import XCTest
@testable import BowlerTraxKit

/// A disc rolling up the picture against the background, not growing, is taken for the bowled ball once seen
/// often enough; one coming toward the camera, one standing still, or one seen too briefly is not.
final class BallFinderTests: XCTestCase {

    private func disc(_ x: Double, _ y: Double, _ r: Double) -> DiscMatch {
        DiscMatch(xPx: x, yPx: y, radiusPx: r, contrast: 60, inside: YUVMean(y: 40, u: 128, v: 128), score: 60)
    }

    /// Feeds `frames` frames of `path(i)` (with a clutter disc standing still in the picture, unless the camera moves);
    /// returns the frame that confirmed a ball and its sightings.
    private func run(frames: Int, toPrevious: Homography = .identity, picture: PixelSize = PixelSize(width: 1280, height: 720),
                     _ path: (Int) -> DiscMatch) -> (frame: Int, sightings: [BallSighting])? {
        let finder = BallFinder(imageSize: picture)
        for i in 0..<frames {
            let discs = toPrevious == Homography.identity ? [path(i), disc(600, 80, 9)] : [path(i)]
            if let ball = finder.update(frame: i, timeS: Double(i) / 60, discs: discs, toPrevious: toPrevious) { return (i, ball.sightings) }
        }
        return nil
    }

    func testBallRollingUpThePictureIsFoundWithItsWholeTrack() throws {
        let found = try XCTUnwrap(run(frames: 20) { i in self.disc(300 + Double(i), 400 - 9 * Double(i), 20 - 0.3 * Double(i)) })
        XCTAssertEqual(found.frame, BallFinder.confirmCount - 1)
        XCTAssertEqual(found.sightings.map(\.frame), Array(0..<BallFinder.confirmCount))
        XCTAssertEqual(try XCTUnwrap(found.sightings.last).candidate.yPx, 400 - 9 * Double(found.frame), accuracy: 1e-9)
    }

    func testBallComingTowardTheCameraOrStandingStillIsNotABowledBall() {
        XCTAssertNil(run(frames: 20) { i in self.disc(300, 100 + 9 * Double(i), 10 + 0.3 * Double(i)) })
        XCTAssertNil(run(frames: 20) { _ in self.disc(300, 200, 15) })
    }

    func testCameraFollowingTheBallStillShowsItRolling() throws {
        // The camera tilts up 8 px a frame with the ball, which drifts up the picture 1.5 px a frame: against the background it rises.
        let found = run(frames: 20, toPrevious: Homography([1, 0, 0, 0, 1, -8, 0, 0, 1])) { i in self.disc(300, 250 - 1.5 * Double(i), 18) }
        XCTAssertNotNil(found)
    }

    func testBallTurnedDownLeavesTheOthersRolling() throws {
        // Two discs roll up the picture, the second two frames later; the caller turns the first down (it is not the
        // size of the ball the user pointed at). The second is found as soon as it has rolled long enough, not later.
        let finder = BallFinder(imageSize: PixelSize(width: 1280, height: 720))
        var found: (frame: Int, ball: FoundBall)?
        for i in 0..<30 where found == nil {
            var discs = [disc(300, 600 - 9 * Double(i), 20)]
            if i >= 2 { discs.append(disc(800, 600 - 9 * Double(i - 2), 20)) }
            if let ball = finder.update(frame: i, timeS: Double(i) / 60, discs: discs, toPrevious: Homography.identity, accepts: { $0.sightings[0].candidate.xPx > 500 }) {
                found = (i, ball)
            }
        }
        let result = try XCTUnwrap(found)
        XCTAssertEqual(result.frame, BallFinder.confirmCount + 1)
        XCTAssertEqual(result.ball.sightings.map(\.frame), Array(2...(BallFinder.confirmCount + 1)))
        XCTAssertEqual(result.ball.riseRadii, 9 * Double(BallFinder.confirmCount - 1) / 20, accuracy: 1e-9)
    }

    func testBallsReflectionInTheLaneIsNotTakenForIt() throws {
        // The ball's mirror image rolls 2.2 of its radii below it; the image stood out more at first (the ball was
        // still beside the bowler), so its track is longer, but the ball above it is what is found.
        let finder = BallFinder(imageSize: PixelSize(width: 1280, height: 720))
        var found: FoundBall?
        for i in 0..<30 where found == nil {
            var discs = [disc(400, 644 - 9 * Double(i), 20)]
            if i >= 3 { discs.append(disc(401, 600 - 9 * Double(i), 20)) }
            found = finder.update(frame: i, timeS: Double(i) / 60, discs: discs, toPrevious: Homography.identity)
        }
        let ball = try XCTUnwrap(found)
        XCTAssertEqual(ball.sightings.first?.frame, 3, "the ball's own track, not its image's")
        XCTAssertEqual(try XCTUnwrap(ball.sightings.last).candidate.xPx, 401)
    }

    func testGraphicFixedInThePictureWhileTheCameraMovesIsNoBall() {
        // A round logo of the broadcaster's panel: it seems to rise against the scene the camera tilts past.
        XCTAssertNil(run(frames: 20, toPrevious: Homography([1, 0, 0, 0, 1, -8, 0, 0, 1])) { _ in self.disc(300, 250, 18) })
    }

    func testATrackThatCameTowardTheCameraTwiceLeavesTheBallToATrackOfItsOwn() throws {
        // A disc runs down the picture for two frames (the bowler's leg), and the ball then rolls up from where it
        // was: the leg's track, which can never be a bowled ball, must not keep the ball's discs for itself.
        let found = try XCTUnwrap(run(frames: 30) { i in
            i < 3 ? self.disc(300, 500 + 10 * Double(i), 12) : self.disc(300 + Double(i), 515 - 6 * Double(i - 3), 12)
        })
        XCTAssertEqual(found.sightings.first?.frame, 3)
        XCTAssertEqual(found.frame, 3 + BallFinder.confirmCount - 1)
    }

    func testAnUprightPhonesBallIsJudgedAgainstThePicturesShorterSide() {
        // 540x960: a ball of 8 pixels is 1.5 % of the width the lane spans, though under 1 % of the height.
        let upright = PixelSize(width: 540, height: 960)
        XCTAssertNotNil(run(frames: 20, picture: upright) { i in self.disc(300, 700 - 4 * Double(i), 8) })
        XCTAssertNil(run(frames: 20, picture: upright) { i in self.disc(300, 700 - 4 * Double(i), 5) }, "5 px is under 1 % of 540")
    }
}
