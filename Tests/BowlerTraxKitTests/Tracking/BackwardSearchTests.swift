import XCTest
@testable import BowlerTraxKit

/// A ball found rolling is followed back through the kept frames to where it came from, through the camera's motion,
/// and no further than a cut, the frame it may not go before, or a sighting the caller turns down.
final class BackwardSearchTests: XCTestCase {
    private static let fps = 30.0
    private static let tilt = 3.0

    /// The ball's centre in frame `i`'s picture: it rises 6 px a frame against the lane while the camera tilts up 3 px
    /// a frame with it, so it rises 3 px a frame in the picture.
    private func centre(_ i: Int) -> (x: Double, y: Double) { (150 + 1.5 * Double(i), 220 - 3 * Double(i)) }

    /// 20 frames of a dark ball on grey, each with the camera's motion into it (none into frame 0, and none into
    /// `cut` when given).
    private func recorded(cut: Int? = nil) -> RecentFrames {
        let frames = RecentFrames()
        for i in 0..<20 {
            let canvas = TestCanvas(width: 320, height: 280, background: TestRGB(red: 0.6, green: 0.55, blue: 0.45), chromaShift: 1, index: i, timeS: Double(i) / Self.fps)
            let c = centre(i)
            canvas.disc(centerX: c.x, centerY: c.y, radius: 12) { _ in TestRGB(red: 0.1, green: 0.1, blue: 0.25) }
            let moved = i > 0 && i != cut
            frames.append(canvas.frame, toPrevious: moved ? Homography([1, 0, 0, 0, 1, -Self.tilt, 0, 0, 1]) : nil)
        }
        return frames
    }

    private func sighting(_ i: Int) -> BallSighting {
        let c = centre(i)
        return BallSighting(frame: i, timeS: Double(i) / Self.fps, candidate: BallCandidate(discAtX: c.x, y: c.y, radiusPx: 12))
    }

    private func search(_ frames: RecentFrames, notBefore: Int = 0, accepts: (BallSighting) -> Bool = { _ in true }) -> [BallSighting] {
        BackwardSearch(frames: frames, detector: DiscDetector())
            .sightings(before: sighting(14), next: sighting(15), reference: nil, notBefore: notBefore, accepts: accepts)
    }

    func testBallIsFollowedBackToTheFirstFrame() {
        let found = search(recorded())
        XCTAssertEqual(found.map(\.frame), Array(0..<14))
        for s in found {
            let c = centre(s.frame)
            XCTAssertEqual(s.candidate.distance(to: BallCandidate(discAtX: c.x, y: c.y, radiusPx: 12)), 0, accuracy: 1.5, "frame \(s.frame)")
            XCTAssertEqual(s.candidate.radiusPx, 12, accuracy: 1.5)
        }
    }

    func testSearchStopsAtACutAtItsLimitAndWhereTurnedDown() {
        XCTAssertEqual(search(recorded(cut: 6)).map(\.frame), Array(6..<14), "no way back past the cut into frame 6")
        XCTAssertEqual(search(recorded(), notBefore: 9).map(\.frame), Array(9..<14))
        XCTAssertEqual(search(recorded()) { $0.candidate.yPx < 200 }.map(\.frame), Array(7..<14))
    }

    func testNothingIsFoundWhereTheBallIsNot() {
        let frames = RecentFrames()
        for i in 0..<20 {
            let canvas = TestCanvas(width: 320, height: 280, background: TestRGB(red: 0.6, green: 0.55, blue: 0.45), chromaShift: 1, index: i, timeS: Double(i) / Self.fps)
            frames.append(canvas.frame, toPrevious: i > 0 ? Homography.identity : nil)
        }
        XCTAssertEqual(search(frames), [])
    }
}
