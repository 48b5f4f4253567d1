import XCTest
@testable import BowlerTraxKit

/// The click page in a real headless Chromium (installed by scripts/setup-browser, which scripts/test runs).
final class CalibrationPageTests: XCTestCase {
    func chromium() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw XCTSkip("chromium is not installed and scripts/setup-browser could not install it")
    }

    /// Clicks the fixture's exact landmark pixels through the page's click handler and reads the exported JSON.
    func testClickedLandmarksExportTheExpectedCalibration() throws {
        let browser = try chromium()
        let dir = try CalibrationCLI.temporaryDirectory(self)
        var expected = try CalibrationFile.load(path: CalibrationCLI.fixture("right-720p60.calibration.json"))
        // And a point above the lane, the head pin's top (`LaneFinder.findPins`): the page keeps its height.
        let pinTop = Lane.pinHeightIn / 12
        let top = try XCTUnwrap(LaneCalibration(file: expected, source: "truth").pixel(lateralFt: 0, distanceFt: Lane.headPinDistanceFt, heightFt: pinTop))
        let topPoint = LandmarkPoint(name: "head pin, top", xPx: .nan, yPx: .nan, board: Lane.centreBoard, distanceFt: Lane.headPinDistanceFt, heightFt: pinTop)
        expected.points.append(LandmarkPoint(name: topPoint.name, xPx: top.x, yPx: top.y, board: topPoint.board, distanceFt: topPoint.distanceFt, heightFt: pinTop))
        let frame = try CalibrationFrame(path: CalibrationCLI.fixture("right-720p60.mp4"))
        let page = dir.appendingPathComponent("page.html")
        try Data(CalibrationPage.html(png: try PNGWriter.encode(frame.image), size: frame.size, points: StandardLandmarks.all + [topPoint]).utf8).write(to: page)
        let clicks = "[" + expected.points.map { "[\($0.xPx),\($0.yPx)]" }.joined(separator: ",") + "]"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir.path)/profile", "--window-size=1600,1200",
                             "--dump-dom", page.absoluteString + "#autotest=" + (clicks.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let start = try XCTUnwrap(dom.range(of: "<pre id=\"autotest-result\">"), "no result in the page:\n\(dom.prefix(500))")
        let end = try XCTUnwrap(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let exported = try CalibrationFile.parse(Data(json.utf8), path: "exported")
        XCTAssertEqual(exported.imageSize, expected.imageSize)
        XCTAssertEqual(exported.points.count, expected.points.count)
        for (got, want) in zip(exported.points, expected.points) {
            XCTAssertEqual(got.name, want.name)
            XCTAssertEqual(got.board, want.board)
            XCTAssertEqual(got.distanceFt, want.distanceFt)
            XCTAssertEqual(got.heightFt, want.heightFt, got.name ?? "")
            XCTAssertEqual(got.xPx, want.xPx, accuracy: 1, got.name ?? "")
            XCTAssertEqual(got.yPx, want.yPx, accuracy: 1, got.name ?? "")
        }
        // The exported file is one analyze can use.
        XCTAssertNoThrow(try LaneCalibration(file: exported, source: "exported"))
    }

    func testThePageEmbedsTheFrameAndNeedsNoNetwork() throws {
        let html = CalibrationPage.html(png: Data([1, 2, 3]), size: PixelSize(width: 64, height: 32))
        XCTAssertTrue(html.contains("src=\"data:image/png;base64,AQID\""))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"))
        XCTAssertTrue(html.contains("\"name\": \"head pin spot\", \"board\": 20, \"distance_ft\": 60, \"pixel\": null"))
    }
}
