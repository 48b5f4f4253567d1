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

    /// The chromium binary, installing it if needed; skips only when it cannot be installed.
    private func chromium() throws -> String {
        let script = FixtureTruth.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/setup-browser")
        let process = Process()
        process.executableURL = script
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let path = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        guard process.terminationStatus == 0, !path.isEmpty else { throw XCTSkip("chromium cannot be installed (scripts/setup-browser exit \(process.terminationStatus))") }
        return path
    }

    /// Runs headless chromium on `url` with `arguments`; returns standard output.
    private func runChromium(_ browser: String, _ arguments: [String], url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        // --no-sandbox: the tests may run as root, where Chromium's sandbox refuses to start.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(directory)/profile"] + arguments + [url.absoluteString]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "chromium \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    func testReportRendersInChromiumWithEveryShotsPath() throws {
        let browser = try chromium()
        let db = try HistoryCLI.copyOfFilledDatabase(in: directory)
        let page = directory + "/report.html"
        let output = try HistoryCLI.run(["report", "--output", page, "--db", db])
        XCTAssertEqual(output.stdout, "Wrote \(page): 5 shots from 3 sessions.\n", output.stderr)
        let url = URL(fileURLWithPath: page)

        let dom = try runChromium(browser, ["--dump-dom"], url: url)
        XCTAssertEqual(dom.components(separatedBy: "class=\"shot-path\"").count - 1, 5)
        XCTAssertEqual(dom.components(separatedBy: "<svg").count - 1, 8, "two lanes, three histograms, three trends")

        let screenshot = directory + "/report.png"
        _ = try runChromium(browser, ["--window-size=1200,2400", "--screenshot=\(screenshot)"], url: url)
        let decoder = try FrameDecoder(path: screenshot, stillImages: true)
        XCTAssertEqual(decoder.width, 1200)
        let frame = try XCTUnwrap(try decoder.nextFrame())
        // Not blank: luma takes many values, and a good share of pixels differ from the background.
        var histogram = Array(repeating: 0, count: 256)
        let luma = frame.plane(0), stride = frame.stride(0)
        for y in 0..<frame.height {
            for x in 0..<frame.width { histogram[Int(luma[y * stride + x])] += 1 }
        }
        let background = histogram.max() ?? 0
        let pixels = frame.width * frame.height
        XCTAssertGreaterThan(histogram.filter { $0 > 0 }.count, 64)
        XCTAssertGreaterThan(Double(pixels - background) / Double(pixels), 0.10)
    }
}
