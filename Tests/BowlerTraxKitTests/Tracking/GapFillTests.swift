import XCTest
@testable import BowlerTraxKit

/// The frames a ball found rolling was missed in, between its sightings, are filled from the kept frames where its
/// shape stands out there with its colour, and only over short gaps.
final class GapFillTests: XCTestCase {
    private static let lane = TestRGB(red: 0.8, green: 0.65, blue: 0.45)
    private static let ball = TestRGB(red: 0.08, green: 0.08, blue: 0.1)

    /// Frames 0..<count of a dark ball rolling up the picture 6 px a frame from (100, 150), absent from `hidden`.
    private func frames(_ count: Int, hidden: Set<Int> = []) -> RecentFrames {
        let kept = RecentFrames()
        for index in 0..<count {
            let canvas = TestCanvas(width: 200, height: 200, background: Self.lane, index: index, timeS: Double(index) / 60)
            if !hidden.contains(index) {
                canvas.disc(centerX: 100, centerY: 150 - 6 * Double(index), radius: 10) { _ in Self.ball }
            }
            kept.append(canvas.frame, toPrevious: Homography.identity)
        }
        return kept
    }

    private func sighting(_ frame: Int) -> BallSighting {
        BallSighting(frame: frame, timeS: Double(frame) / 60, candidate: BallCandidate(discAtX: 100, y: 150 - 6 * Double(frame), radiusPx: 10))
    }

    private var reference: YUVMean {
        let yuv = Self.ball.yuv
        return YUVMean(y: Double(yuv.y), u: Double(yuv.u), v: Double(yuv.v))
    }

    func testMissedFramesBetweenSightingsAreFilled() {
        let fill = GapFill(frames: frames(8), detector: DiscDetector())
        let filled = fill.filled([0, 1, 4, 5].map(sighting), reference: reference)
        XCTAssertEqual(filled.map(\.frame), [0, 1, 2, 3, 4, 5])
        for found in filled where [2, 3].contains(found.frame) {
            XCTAssertEqual(found.candidate.yPx, 150 - 6 * Double(found.frame), accuracy: 1.5)
        }
    }

    func testNothingThereIsNotFilled() {
        let fill = GapFill(frames: frames(8, hidden: [3]), detector: DiscDetector())
        XCTAssertEqual(fill.filled([1, 4].map(sighting), reference: reference).map(\.frame), [1, 2, 4], "frame 3 has no ball")
    }

    func testLongGapIsLeftAlone() {
        let fill = GapFill(frames: frames(10), detector: DiscDetector())
        XCTAssertEqual(fill.filled([0, 5].map(sighting), reference: reference).map(\.frame), [0, 5], "where it went over 4 frames is a guess")
    }
}
