import XCTest
@testable import BowlerTraxKit

final class ArrowLayoutTests: XCTestCase {
    private let camera = SyntheticCamera()

    func testTheDeepLayoutIsTheDefaultV() {
        XCTAssertEqual(ArrowLayout.deep.distanceFt(board: 5), 13)
        XCTAssertEqual(ArrowLayout.deep.distanceFt(board: 20), 16)
        XCTAssertEqual(ArrowLayout.deep.distanceFt(board: 30), 14)
        for board in Lane.arrowBoards { XCTAssertEqual(StandardLandmarks.arrowTipFt(board: board), ArrowLayout.deep.distanceFt(board: board)) }
    }

    func testTheShallowLayoutIsAVOneAndAHalfFeetDeep() {
        XCTAssertEqual(ArrowLayout.shallow.distanceFt(board: 35), 13.5)
        XCTAssertEqual(ArrowLayout.shallow.distanceFt(board: 15), 14.5)
        XCTAssertEqual(ArrowLayout.shallow.distanceFt(board: 20), 15)
        XCTAssertEqual("\(ArrowLayout.shallow)", "13.5 to 15 ft")
    }

    func testAssumingALayoutMovesTheArrowsAndTheEdgesLevelWithThemOnly() {
        let tip = proposal(board: 10, distanceFt: 14, arrowBoard: 10, name: "arrow tip, board 10")
        let edge = proposal(board: 0.5, distanceFt: 14, arrowBoard: 10, name: "lane edge at 14 ft, right")
        let pin = proposal(board: 20, distanceFt: 59.8, arrowBoard: nil, name: "head pin, front of its base")
        let moved = [tip, edge, pin].map { $0.assuming(.shallow) }
        XCTAssertEqual(moved.map(\.point.distanceFt), [14, 14, 59.8])
        XCTAssertEqual(moved.map(\.point.name), ["arrow tip, board 10", "lane edge at 14 ft, right", "head pin, front of its base"])
        let shallower = [tip, edge].map { $0.assuming(ArrowLayout(nearestFt: 13.5, stepFt: 0.25)) }
        XCTAssertEqual(shallower.map(\.point.distanceFt), [13.75, 13.75])
        XCTAssertEqual(shallower[1].point.name, "lane edge at 13.75 ft, right")
    }

    /// Landmarks found as `calibrate --auto` finds them (labelled with the default V) on a lane whose arrows were
    /// drawn with `drawn`: the fit assuming `drawn` is exact, the other leaves the arrows pixels off.
    func assertChosen(_ drawn: ArrowLayout, file: StaticString = #filePath, line: UInt = #line) throws {
        let choice = try XCTUnwrap(LaneFinder.chooseArrowLayout(foundLandmarks(drawn: drawn), imageSize: camera.imageSize), file: file, line: line)
        XCTAssertEqual(choice.layout, drawn, file: file, line: line)
        for tried in choice.tried {
            if tried.layout == drawn { XCTAssertLessThan(tried.errorPx, 0.01, file: file, line: line) } else { XCTAssertGreaterThan(tried.errorPx, 3, file: file, line: line) }
        }
        XCTAssertEqual(choice.proposals.filter { $0.arrowBoard != nil }.map(\.point.distanceFt),
                       choice.proposals.compactMap(\.arrowBoard).map(drawn.distanceFt), file: file, line: line)
    }

    func testTheRenderedLayoutIsChosenWhereTheArrowsAreDrawnSo() throws { try assertChosen(.deep) }
    func testTheShallowLayoutIsChosenWhereTheArrowsAreDrawnSo() throws { try assertChosen(.shallow) }

    func testNoLayoutIsChosenWithoutArrows() {
        let pin = proposal(board: 20, distanceFt: 59.8, arrowBoard: nil, name: "head pin")
        XCTAssertNil(LaneFinder.chooseArrowLayout([pin, pin, pin, pin], imageSize: camera.imageSize))
    }

    func testTheSummaryNamesTheLayoutKeptAndHowTheOthersFitted() {
        let choice = ArrowLayoutChoice(layout: .shallow, proposals: [], calibration: nil, tried: [(.deep, 10.46), (.shallow, 1.5)])
        XCTAssertEqual(choice.summary, "Arrow layout: 13.5 to 15 ft (largest error 1.5 px; 13 to 16 ft: 10.5 px).\n")
        let none = ArrowLayoutChoice(layout: .deep, proposals: [], calibration: nil, tried: [(.deep, .infinity), (.shallow, .infinity)])
        XCTAssertEqual(none.summary, "Arrow layout: 13 to 16 ft (largest error no fit; 13.5 to 15 ft: no fit).\n")
    }

    /// The foul line's corners, the seven arrow tips and the edges level with boards 5 and 35, all drawn at `drawn`
    /// but labelled with the default V, and the head pin.
    private func foundLandmarks(drawn: ArrowLayout) -> [LaneFinder.Proposal] {
        var found: [(Double, Double, Double?)] = [(0.5, 0, nil), (39.5, 0, nil), (20, 59.8, nil)]
        found += Lane.arrowBoards.map { ($0, drawn.distanceFt(board: $0), $0) }
        found += [(0.5, drawn.distanceFt(board: 5), 5), (39.5, drawn.distanceFt(board: 5), 5)]
        return found.map { board, distance, arrow -> LaneFinder.Proposal in
            var p = proposal(board: board, distanceFt: distance, arrowBoard: arrow, name: nil)
            let pixel = camera.pixel(board: board, distanceFt: distance)
            (p.point.xPx, p.point.yPx) = (pixel.x, pixel.y)
            return arrow == nil ? p : p.assuming(.deep)
        }
    }

    private func proposal(board: Double, distanceFt: Double, arrowBoard: Double?, name: String?) -> LaneFinder.Proposal {
        LaneFinder.Proposal(point: LandmarkPoint(name: name, xPx: 0, yPx: 0, board: board, distanceFt: distanceFt), confidence: 1, evidence: "", arrowBoard: arrowBoard)
    }
}
