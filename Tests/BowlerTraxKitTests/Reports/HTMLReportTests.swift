import XCTest
@testable import BowlerTraxKit

final class HTMLReportTests: XCTestCase {
    private func stored(id: Int64, hand: Hand, boards: [Double?]) -> StoredShot {
        let trajectory = boards.enumerated().map { index, board in
            TrajectoryPoint(frame: index, timeS: Double(index) / 60, xPx: 640, yPx: 700 - Double(index), radiusPx: 20,
                            board: board, distanceFt: board.map { _ in Double(index) * 10 })
        }
        var measurements = ShotMeasurements()
        measurements.averageSpeedMph = 17 + Double(id)
        return StoredShot(id: id, sessionID: id, sessionName: "<s\(id)>", sessionStartedAt: "2025-03-0\(id)T19:00:00Z", details: SessionDetails(),
                          shot: Shot(shotNumber: 1, releaseTimeS: 0, hand: hand, measurements: measurements, trajectory: trajectory),
                          result: nil, pinsLeft: [], rejected: false)
    }

    func testEveryShotWithALanePathGetsOnePathOnTheStretchedLane() {
        let page = HTMLReport(title: "t", shots: [stored(id: 1, hand: .right, boards: [10, 9, 8]), stored(id: 2, hand: .left, boards: [12, 11]),
                                                  stored(id: 3, hand: .right, boards: [nil, nil])], generatedAt: "now").render()
        XCTAssertEqual(page.components(separatedBy: "class=\"shot-path\"").count - 1, 2)
        XCTAssertEqual(page.components(separatedBy: "class=\"shot-path-true-scale\"").count - 1, 2)
    }

    func testLeftHandersBoardsAreMirroredOntoTheRightHandedLane() {
        let drawing = LaneDrawing(heightPx: 700, boardStretch: 7, pathClass: "p")
        let right = drawing.svg(paths: [.init(shotID: 1, hand: .right, points: [(10, 0), (10, 60)], color: DrawingColor("#000000"))], title: "r")
        let left = drawing.svg(paths: [.init(shotID: 1, hand: .left, points: [(30, 0), (30, 60)], color: DrawingColor("#000000"))], title: "l")
        XCTAssertEqual(right, left.replacingOccurrences(of: "aria-label=\"l\"", with: "aria-label=\"r\"").replacingOccurrences(of: "<title>l<", with: "<title>r<"))
        // A right-hander's board 10 is right of the centre (board 20).
        XCTAssertGreaterThan(drawing.x(rightBoard: 10), drawing.x(rightBoard: 20))
    }

    func testTrueScaleLaneKeepsTheLanesProportions() {
        let drawing = LaneDrawing(heightPx: 760, boardStretch: 1, pathClass: "p")
        let widthFt = (drawing.x(rightBoard: 0.5) - drawing.x(rightBoard: 39.5)) / drawing.pxPerFt
        let lengthFt = (drawing.y(distanceFt: 0) - drawing.y(distanceFt: 60)) / drawing.pxPerFt
        XCTAssertEqual(widthFt, Lane.widthIn / 12, accuracy: 1e-9)
        XCTAssertEqual(lengthFt, 60, accuracy: 1e-9)
    }

    func testPageIsSelfContainedAndHasAPrintStyle() {
        let page = HTMLReport(title: "t", shots: [stored(id: 1, hand: .right, boards: [10, 9])], generatedAt: "now").render()
        let withoutNamespace = page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        XCTAssertFalse(withoutNamespace.contains("http"), "the page must not load anything")
        XCTAssertFalse(page.contains("<script"))
        XCTAssertTrue(page.contains("@media print"))
    }

    func testTextIsEscaped() {
        let page = HTMLReport(title: "A & B", shots: [stored(id: 1, hand: .right, boards: [10, 9])], generatedAt: "now").render()
        XCTAssertTrue(page.contains("<title>A &amp; B</title>"))
        XCTAssertTrue(page.contains("&lt;s1&gt;"))
        XCTAssertFalse(page.contains("<s1>"))
    }
}
