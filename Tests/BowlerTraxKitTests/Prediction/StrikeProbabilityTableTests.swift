import XCTest
@testable import BowlerTraxKit

final class StrikeProbabilityTableTests: XCTestCase {
    func testTableHasARowPerBoardAndAColumnPerAngle() {
        let table = StrikeProbabilityTable()
        let markdown = table.markdown()
        print(markdown)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| board") }
        XCTAssertEqual(rows.count, 11)
        XCTAssertTrue(rows.allSatisfy { $0.filter { $0 == "|" }.count == 9 })
        XCTAssertTrue(markdown.contains("| board \\ angle | 2° | 3° | 4° | 5° | 6° | 7° | 8° |"))
    }

    func testBestCellIsNearThePocketAtAboutSixDegrees() throws {
        for seed: UInt64 in [1, 2, 3] {
            let table = StrikeProbabilityTable(boards: [15, 16, 17, 17.5, 18, 19, 20], anglesDeg: [2, 4, 6, 8],
                                               predictor: StrikePredictor(seed: seed))
            var best = (board: 0.0, angleDeg: 0.0, probability: -1.0)
            for (board, row) in zip(table.boards, table.predictions()) {
                for (angleDeg, cell) in zip(table.anglesDeg, row) where cell.strikeProbability > best.probability {
                    best = (board, angleDeg, cell.strikeProbability)
                }
            }
            XCTAssertTrue((16.5...18.5).contains(best.board), "seed \(seed): best at board \(best.board)")
            XCTAssertTrue((4...8).contains(best.angleDeg), "seed \(seed): best at \(best.angleDeg)°")
        }
    }
}
