import XCTest
@testable import BowlerTraxKit

final class LaneTests: XCTestCase {
    func testBoardsSpanTheLaneWidth() {
        XCTAssertEqual(Lane.lateralFt(board: 39.5) - Lane.lateralFt(board: 0.5), 41.5 / 12, accuracy: 1e-12)
    }

    func testLeftHandNumberingMirrorsAboutTheCentre() {
        XCTAssertEqual(Hand.left.board(fromRightEdgeBoard: 10), 30)
        XCTAssertEqual(Hand.left.board(fromRightEdgeBoard: 20), 20)
    }
}
