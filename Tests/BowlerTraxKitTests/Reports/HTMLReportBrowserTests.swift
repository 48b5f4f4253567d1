import XCTest
@testable import BowlerTraxKit

/// Renders `bowlertrax report` of the filled history database in headless Chromium (installed by
/// scripts/setup-browser): the screenshot must show a page, and the DOM must hold every shot's path.
final class HTMLReportBrowserTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-report-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    func testReportRendersInChromiumWithEveryShotsPath() throws {
        let browser = try Chromium(directory: directory)
        let db = try HistoryCLI.copyOfFilledDatabase(in: directory)
        let page = directory + "/report.html"
        let output = try HistoryCLI.run(["report", "--output", page, "--db", db])
        XCTAssertEqual(output.stdout, "Wrote \(page): 5 shots from 3 sessions.\n", output.stderr)
        let url = URL(fileURLWithPath: page)

        let dom = try browser.dom(url)
        XCTAssertEqual(dom.components(separatedBy: "class=\"shot-path\"").count - 1, 5)
        XCTAssertEqual(dom.components(separatedBy: "class=\"shot-picture-path\"").count - 1, 5, "each shot's own picture")
        XCTAssertEqual(dom.components(separatedBy: "<svg").count - 1, 13, "two lanes, three histograms, three trends, five shot pictures")

        let screenshot = try browser.screenshot(url, width: 1200, height: 2400)
        XCTAssertEqual(screenshot.width, 1200)
        XCTAssertTrue(Chromium.isNotBlank(screenshot))
    }
}
