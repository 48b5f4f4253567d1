import XCTest

/// The broadcaster's readings that `scripts/validate-real` holds the lane measurements to (transcribed by eye from
/// the ball-tracking panel at the end of each real clip): a typo there would pass silently as a measurement error.
final class RealReadingsTests: XCTestCase {
    func testEveryReadingIsAPlausibleShot() throws {
        let clips = try check("scripts/real-readings.csv", everyFieldShown: true)
        XCTAssertEqual(clips.count, 12, "train/Task2's clips with a panel (all but 02, 04 and 06)")
    }

    /// The held-out test set's panels mostly end before the shot's breakpoint, arrows and rev rate show: those are
    /// blank, the speed and when it first shows never are.
    func testEveryHeldOutReadingIsAPlausibleShot() throws {
        let clips = try check("scripts/real-readings-test.csv", everyFieldShown: false)
        XCTAssertEqual(clips.count, 11, "test/Task2's clips with a speed on the panel (all but 02, 03, 12 and 15)")
    }

    /// Checks every row of the readings file at `path` (from the package root) and returns its clips.
    private func check(_ path: String, everyFieldShown: Bool) throws -> Set<String> {
        let url = FaultsCLI.packageRoot.appendingPathComponent(path)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "clip,speed_mph,rev_rate_rpm,breakpoint_board,arrows_board,speed_shown_frame,bowler", "the header validate-real reads")
        var clips = Set<String>()
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(fields.count, 7, line)
            guard fields.count == 7, let speed = Double(fields[1]), let shown = Int(fields[5]) else { XCTFail("not numbers: \(line)"); continue }
            XCTAssertTrue(clips.insert(fields[0]).inserted, "clip \(fields[0]) twice")
            XCTAssertNotNil(fields[0].wholeMatch(of: /[0-9]{2}/), "clip names its NN.mp4: \(line)")
            XCTAssertTrue((12...25).contains(speed), "a professional's ball speed, mph: \(line)")
            // The panel shows the speed a second or so into the clip, while the ball rolls (the clips run 75 to 262 frames).
            XCTAssertTrue((1...150).contains(shown), "the frame the panel first shows the speed: \(line)")
            XCTAssertFalse(fields[6].isEmpty, "the bowler shown, to check the reading against the clip: \(line)")
            if !everyFieldShown, fields[2...4].allSatisfy(\.isEmpty) { continue }
            guard let revs = Double(fields[2]), let breakpoint = Double(fields[3]), let arrows = Double(fields[4]) else { XCTFail("not numbers: \(line)"); continue }
            XCTAssertTrue((200...700).contains(revs), "a rev rate, rpm: \(line)")
            // The breakpoint is the path's outermost board, nearer the edge than where it crossed the arrows.
            XCTAssertTrue((0...40).contains(breakpoint) && (0...40).contains(arrows) && breakpoint < arrows, line)
        }
        return clips
    }
}
