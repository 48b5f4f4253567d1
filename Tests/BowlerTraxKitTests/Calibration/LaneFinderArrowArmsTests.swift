import XCTest
@testable import BowlerTraxKit

/// The arrows' V found from candidate tips: those on its two straight arms are kept, the rest dropped.
final class LaneFinderArrowArmsTests: XCTestCase {
    /// A V seen from behind: board 20 at (640, 300), each arrow 5 boards outward 30 px aside and 4 px lower.
    private func vTip(_ board: Double, dyPx: Double = 0) -> LaneFinder.Proposal {
        let steps = (board - 20) / 5
        return tip(board, x: 640 - 30 * steps, y: 300 + 4 * abs(steps) + dyPx)
    }

    private func tip(_ board: Double, x: Double, y: Double) -> LaneFinder.Proposal {
        LaneFinder.Proposal(point: LandmarkPoint(name: "arrow tip, board \(Int(board))", xPx: x, yPx: y, board: board, distanceFt: 16), confidence: 1, evidence: "", arrowBoard: board)
    }

    private func boards(_ tips: [LaneFinder.Proposal]?) -> [Double]? { tips.map { $0.map(\.point.board).sorted() } }

    func testTipsOnBothArmsAreKept() {
        XCTAssertEqual(boards(LaneFinder.tipsOnArms(Lane.arrowBoards.map { vTip($0) }, maxStepPx: 20)), Lane.arrowBoards)
    }

    /// A second mark on board 30 three pixels below its arm (a shoe, the grain) is not taken for its tip.
    func testAMarkOffTheArmIsDropped() throws {
        let found = try XCTUnwrap(LaneFinder.tipsOnArms(Lane.arrowBoards.map { vTip($0) } + [vTip(30, dyPx: 3)], maxStepPx: 20))
        XCTAssertEqual(found.filter { $0.point.board == 30 }.map(\.point.yPx), [308])
    }

    /// Dark gaps between pins far up the picture line up too, but steeply (30 px a step): not an arm of arrows.
    func testASteepLineOfMarksIsNoArm() throws {
        let gaps = [tip(25, x: 700, y: 100), tip(30, x: 680, y: 130), tip(35, x: 660, y: 160)]
        let found = try XCTUnwrap(LaneFinder.tipsOnArms(gaps + [5, 10, 15, 20].map { vTip($0) }, maxStepPx: 20))
        XCTAssertEqual(boards(found), [5, 10, 15, 20])
        XCTAssertNil(LaneFinder.tipsOnArms(gaps, maxStepPx: 20))
    }

    /// Two tips a side confirm nothing: any two points make a line.
    func testTwoTipsASideAreNoArm() {
        XCTAssertNil(LaneFinder.tipsOnArms([5, 10, 30, 35].map { vTip($0) }, maxStepPx: 20))
    }

    /// Tips on a line but unevenly spaced (board 10's a third of the way from board 15's to where it belongs) are
    /// not an arm.
    func testUnevenlySpacedTipsAreNoArm() {
        let uneven = [vTip(20), vTip(15), tip(10, x: 680, y: 300 + 4.0 * 40 / 30), vTip(5)]
        XCTAssertNil(LaneFinder.tipsOnArms(uneven, maxStepPx: 20))
    }
}
