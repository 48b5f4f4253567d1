import XCTest
@testable import BowlerTraxKit

/// `shots show --svg` as a person sees it: the SVG opened in headless Chromium shows the stored numbers, and its
/// screenshot shows the path where the lane puts the shot's points.
final class ShotPictureBrowserTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-shot-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    func testTheShotPictureShowsTheStoredNumbersAndThePath() throws {
        let browser = try Chromium(directory: directory)
        let db = try HistoryCLI.copyOfFilledDatabase(in: directory)
        let svg = directory + "/shot.svg"
        let output = try HistoryCLI.run(["shots", "show", "3", "--svg", svg, "--db", db])
        XCTAssertEqual(output.status, 0, output.stderr)
        let shot = try ShotStore(path: db).storedShot(id: 3)
        let m = shot.shot.measurements
        let url = URL(fileURLWithPath: svg)

        let dom = try browser.dom(url)
        XCTAssertEqual(Chromium.field("average_speed_mph", in: dom), ShotTable.format(m.averageSpeedMph, 1) + " mph")
        XCTAssertEqual(Chromium.field("entry_board", in: dom), ShotTable.format(m.entryBoard, 1))
        XCTAssertEqual(Chromium.field("entry_angle_deg", in: dom), ShotTable.format(m.entryAngleDeg, 1) + "°")
        XCTAssertEqual(Chromium.field("arrows_board", in: dom), ShotTable.format(m.arrowsBoard, 1))
        XCTAssertEqual(Chromium.field("strike_probability", in: dom), ShotTable.percent(m.strikeProbability))

        let picture = ShotPicture.drawing(shot)
        let screenshot = try browser.screenshot(url, width: Int(picture.widthPx.rounded(.up)), height: Int(picture.heightPx))
        XCTAssertTrue(Chromium.isNotBlank(screenshot))
        // The path's blue (anti-aliased into the wood, so only bluer than red) within 3 px of the stretched lane's pixel
        // for every tenth trajectory point.
        let lane = LaneDrawing(heightPx: ShotPicture.heightPx - 40, boardStretch: ShotPicture.boardStretch, pathClass: "")
        let placed = shot.shot.trajectory.compactMap { point in point.board.flatMap { board in point.distanceFt.map { (board, $0) } } }
        XCTAssertGreaterThan(placed.count, 20)
        for (board, distanceFt) in stride(from: 0, to: placed.count, by: 10).map({ placed[$0] }) {
            let p = lane.point(board: board, distanceFt: distanceFt, hand: shot.shot.hand)
            let near = (-3...3).flatMap { dy in (-3...3).map { dx in screenshot.color(x: Int(p.x) + dx, y: Int(p.y) + 34 + dy) } }
            XCTAssertTrue(near.contains { Int($0.b) > Int($0.r) + 10 }, "path near board \(board) at \(distanceFt) ft")
        }
    }
}
