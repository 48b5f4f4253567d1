import XCTest
@testable import BowlerTraxKit

/// `live --screen` end to end on the emulated camera: the page follows the camera's state, ends showing the stored
/// shot, is never seen half-written, and a path that cannot be written stops the command before the camera opens.
final class LiveScreenCommandTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-live-screen-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    private func arguments(database: String, screen: String) -> [String] {
        ["--calibration", FixtureTruth.directory.appendingPathComponent("right-720p60.calibration.json").path,
         "--ball-hsv", "220,85,75", "--marker-hsv", "60,90,95", "--db", database, "--screen", screen, "--session", "Tuesday"]
    }

    /// Reads the page every 20 ms on its own thread while the run lasts: the states shown, and any read that was
    /// not a whole page.
    private final class PageWatcher: @unchecked Sendable {
        private let lock = NSLock()
        private var states: [String] = []
        private var partial = 0
        private var running = true

        init(path: String) {
            Thread.detachNewThread { [self] in
                while lock.withLock({ running }) {
                    if let page = try? String(contentsOfFile: path, encoding: .utf8) {
                        let state = page.components(separatedBy: "class=\"state ").dropFirst().first?.prefix { $0 != "\"" }
                        lock.withLock {
                            if !page.hasSuffix("</html>\n") { partial += 1 }
                            if let state, states.last != String(state) { states.append(String(state)) }
                        }
                    }
                    usleep(20_000)
                }
            }
        }

        func stop() -> (states: [String], partial: Int) {
            usleep(100_000)
            return lock.withLock {
                running = false
                return (states, partial)
            }
        }
    }

    func testTheScreenFollowsTheCameraAndEndsShowingTheStoredShot() throws {
        let database = LiveEmulator.databasePath(), screen = directory + "/screen.html"
        let watcher = PageWatcher(path: screen)
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: arguments(database: database, screen: screen))
        let seen = watcher.stop()
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertEqual(seen.partial, 0, "a reader only ever finds a whole page")
        XCTAssertEqual(seen.states.first, "waiting", "\(seen.states)")
        XCTAssertTrue(isSubsequence(["waiting", "tracking", "saved", "closed"], of: seen.states), "\(seen.states)")

        let shot = try XCTUnwrap(try ShotStore(path: database).storedShots().first)
        let m = shot.shot.measurements
        let browser = try Chromium(directory: directory)
        let url = URL(fileURLWithPath: screen)
        let dom = try browser.dom(url)
        XCTAssertTrue(dom.contains("<span id=\"shot-count\">1 shot</span>"), dom)
        XCTAssertTrue(dom.contains(">Session closed<"))
        XCTAssertEqual(Chromium.field("average_speed_mph", in: dom), ShotTable.format(m.averageSpeedMph, 1) + " mph")
        XCTAssertEqual(Chromium.field("entry_board", in: dom), ShotTable.format(m.entryBoard, 1))
        XCTAssertEqual(Chromium.field("entry_angle_deg", in: dom), ShotTable.format(m.entryAngleDeg, 1) + "°")
        XCTAssertEqual(Chromium.field("strike_probability", in: dom), ShotTable.percent(m.strikeProbability))
        XCTAssertEqual(dom.components(separatedBy: "class=\"live-path\"").count - 1, 1)

        let screenshot = try browser.screenshot(url, width: 1280, height: 720)
        XCTAssertTrue(Chromium.isNotBlank(screenshot, share: 0.2))
        // The dark page's background is near black; its path is the only blue.
        let blue = screenshot.pixels.indices.filter { $0 % 3 == 0 }.filter { i in
            Int(screenshot.pixels[i + 2]) > Int(screenshot.pixels[i]) + 40 && screenshot.pixels[i + 2] > 120
        }
        XCTAssertGreaterThan(blue.count, 200, "the shot's path is drawn")
    }

    private func isSubsequence(_ wanted: [String], of seen: [String]) -> Bool {
        var rest = wanted[...]
        for state in seen where state == rest.first { rest.removeFirst() }
        return rest.isEmpty
    }

    func testAKilledSessionLeavesAWholePage() throws {
        let screen = directory + "/screen.html"
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: arguments(database: LiveEmulator.databasePath(), screen: screen),
                                       signal: SIGKILL, signalAfterLine: "Shot 1:")
        XCTAssertEqual(run.status, SIGKILL, run.stderr)
        let page = try String(contentsOfFile: screen, encoding: .utf8)
        XCTAssertTrue(page.hasSuffix("</html>\n"))
        XCTAssertTrue(page.contains("<span id=\"shot-count\">1 shot</span>"), page)
    }

    func testAScreenInAMissingFolderFailsBeforeTheCameraIsOpened() throws {
        let screen = directory + "/absent/screen.html"
        let output = try HistoryCLI.run(["live", "--device", "/dev/no-such-camera", "--ball-hsv", "220,85,75", "--screen", screen, "--db", directory + "/db.sqlite"])
        XCTAssertEqual(output.status, 73)
        XCTAssertEqual(output.stderr, "Error: cannot write \(screen): no such directory\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/db.sqlite"), "nothing else was done")
    }

    /// An existing screen page or recording (an earlier session's video) is kept unless --force.
    func testAnExistingScreenOrRecordingNeedsForce() throws {
        for option in ["--screen", "--record"] {
            let file = directory + "/mine" + option
            try Data("mine".utf8).write(to: URL(fileURLWithPath: file))
            let live = ["live", "--device", "/dev/no-such-camera", "--ball-hsv", "220,85,75", option, file, "--db", directory + "/db.sqlite"]
            let output = try HistoryCLI.run(live)
            XCTAssertEqual(output.status, 73, option)
            XCTAssertEqual(output.stderr, "Error: cannot write \(file): it exists; give --force to replace it\n")
            XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "mine")
            let forced = try HistoryCLI.run(live + ["--force"])
            XCTAssertEqual(forced.status, 69, "past the file's check, on to the camera: \(forced.stderr)")
        }
    }
}
