import XCTest
@testable import BowlerTraxKit

final class ShotPictureTests: XCTestCase {
    /// A straight-ish path from board 10 at the foul line to 17.5 at 60 ft, hooking after 35 ft.
    static func shot(hand: Hand = .right) -> Shot {
        let trajectory = stride(from: 0.0, through: 60, by: 2).enumerated().map { index, distanceFt in
            TrajectoryPoint(frame: index, timeS: Double(index) / 30, xPx: 0, yPx: 0, radiusPx: 10,
                            board: distanceFt < 35 ? 10 - distanceFt / 7 : 5 + (distanceFt - 35) / 2, distanceFt: distanceFt)
        }
        var m = ShotMeasurements()
        m.averageSpeedMph = 16.71
        m.arrowsBoard = 7.86
        m.breakpointBoard = 5
        m.breakpointDistanceFt = 35
        m.entryBoard = 17.26
        m.entryAngleDeg = 5.349
        m.revRateRpm = 391
        m.strikeProbability = 0.66
        return Shot(shotNumber: 3, releaseTimeS: 0.5, hand: hand, measurements: m, trajectory: trajectory)
    }

    func testTheNumbersShownAreTheStoredOnesRounded() {
        let svg = ShotPicture.drawing(Self.shot(), shotID: 9, title: "Shot 9").svg(title: "Shot 9", cssClass: "shot-picture")
        for (key, text) in [("average_speed_mph", "16.7 mph"), ("arrows_board", "7.9"), ("breakpoint_board", "5.0 at 35.0 ft"), ("entry_board", "17.3"),
                            ("entry_angle_deg", "5.3°"), ("rev_rate_rpm", "391 rpm"), ("strike_probability", "66 %"), ("launch_speed_mph", "-")] {
            XCTAssertTrue(svg.contains("data-field=\"\(key)\"") && svg.contains(">\(text)</text>"), "\(key) \(text)")
        }
        XCTAssertEqual(svg.components(separatedBy: "class=\"shot-picture-path\" data-shot-id=\"9\"").count - 1, 1)
        XCTAssertEqual(svg.components(separatedBy: "data-mark=").count - 1, 4, "breakpoint and entry on both lanes")
    }

    /// Whether the path's blue is within 3 px of where the stretched lane puts `board` at `distanceFt`.
    private func pathIsNear(_ image: RGBImage, board: Double, distanceFt: Double, hand: Hand) -> Bool {
        let lane = LaneDrawing(heightPx: ShotPicture.heightPx - 40, boardStretch: ShotPicture.boardStretch, pathClass: "")
        let p = lane.point(board: board, distanceFt: distanceFt, hand: hand)
        let near = (-3...3).flatMap { dy in (-3...3).map { dx in image.color(x: Int(p.x) + dx, y: Int(p.y + 34) + dy) } }
        return near.contains { Int($0.b) > Int($0.r) + 60 }
    }

    func testThePNGsPathPassesThroughTheBreakpointAndEntry() {
        let image = ShotPicture.drawing(Self.shot(), shotID: 9, title: "Shot 9").render()
        for (board, distanceFt) in [(5.0, 35.0), (17.26, 59.5), (10, 0), (7.2, 20)] {
            XCTAssertTrue(pathIsNear(image, board: board, distanceFt: distanceFt, hand: .right), "path colour near board \(board) at \(distanceFt) ft")
        }
        XCTAssertFalse(pathIsNear(image, board: 30, distanceFt: 20, hand: .right))
    }

    func testALeftHandersPathIsDrawnMirrored() {
        let left = ShotPicture.drawing(Self.shot(hand: .left), shotID: 1, title: "").render()
        XCTAssertTrue(pathIsNear(left, board: 7.2, distanceFt: 20, hand: .left))
        XCTAssertFalse(pathIsNear(left, board: 7.2, distanceFt: 20, hand: .right))
    }
}
