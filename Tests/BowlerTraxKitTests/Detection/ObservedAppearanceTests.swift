import XCTest
@testable import BowlerTraxKit

/// The ball's look is sampled on the ball itself even where the tracker's centre is off by a good part of its radius,
/// as on TV footage (a blob of ball, shadow and mirror image; docs/rev-rate.md).
final class ObservedAppearanceTests: XCTestCase {
    private static let lane = TestRGB(red: 0.75, green: 0.6, blue: 0.45)
    private static let radius = 16.0
    private static let centre = (x: 100.0, y: 80.0)

    /// A dark ball, shaded darker toward the lane, with three finger holes a little darker still (blurred holes on a
    /// small ball are far from black).
    private func frame() -> VideoFrame {
        let canvas = TestCanvas(width: 200, height: 160, background: Self.lane)
        canvas.disc(centerX: Self.centre.x, centerY: Self.centre.y, radius: Self.radius) { dy in
            TestRGB(red: 0.16 - 0.04 * dy, green: 0.14 - 0.04 * dy, blue: 0.3 - 0.06 * dy)
        }
        for (dx, dy) in [(-5.0, -3.0), (0.0, -6.0), (5.0, -3.0)] {
            canvas.fill(TestRGB(red: 0.06, green: 0.05, blue: 0.1)) { x, y in
                let px = Double(x) + 0.5 - Self.centre.x - dx, py = Double(y) + 0.5 - Self.centre.y - dy
                return px * px + py * py <= 2.5 * 2.5
            }
        }
        return canvas.frame
    }

    private func appearance(at x: Double, _ y: Double, in frame: VideoFrame) throws -> ObservedAppearance {
        try XCTUnwrap(ObservedAppearance(frame: frame, candidate: BallCandidate(discAtX: x, y: y, radiusPx: Self.radius), markerAxis: nil))
    }

    func testLookIsSampledOnTheBallWhenTheCentreIsOff() throws {
        let scene = frame()
        let truth = try appearance(at: Self.centre.x, Self.centre.y, in: scene)
        // 0.4 radius right and down, where a blob of the ball and its shadow on the lane would put it.
        let off = try appearance(at: Self.centre.x + 5, Self.centre.y + 4, in: scene)
        let differences = zip(truth.lumaSignature, off.lumaSignature).map { abs(Double($0 - $1)) }
        XCTAssertLessThan(differences.max() ?? .infinity, 0.3, "the same cells of the ball, not the lane beside it")
        XCTAssertEqual(off.lumaMean, truth.lumaMean, accuracy: 2)
    }
}
