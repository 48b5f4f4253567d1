import Foundation
import XCTest
@testable import BowlerTraxKit

/// Bad calibration files given to `analyze --calibration`: one `Error:` line naming the problem, exit 65 (66 unreadable).
final class CalibrationFaultTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try FaultsCLI.temporaryDirectory("calibration-faults")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The right-720p60 calibration as a JSON object, to be broken by each test.
    private func fixtureJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: try FaultsCLI.fixture("right-720p60").calibration))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Writes `text` as a calibration file and analyses right-720p60 with it.
    private func analyze(withCalibration text: String) throws -> (path: String, outcome: FaultsCLI.Outcome) {
        let path = directory.appendingPathComponent("lane.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let clip = try FaultsCLI.fixture("right-720p60")
        return (path, try FaultsCLI.bowlertrax(["analyze", clip.video, "--calibration", path, "--ball-hsv", clip.ballHSV, "--no-save"]))
    }

    private func analyze(withCalibration object: [String: Any]) throws -> (path: String, outcome: FaultsCLI.Outcome) {
        try analyze(withCalibration: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
    }

    private func points(_ object: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(object["points"] as? [[String: Any]])
    }

    func testMalformedJSONIsRefused() throws {
        let (path, outcome) = try analyze(withCalibration: "{\"image_width\": 1280, \"points\": [")
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "Error: calibration \(path) is malformed: not valid JSON\n")
    }

    func testMissingFieldIsNamed() throws {
        var object = try fixtureJSON()
        var list = try points(object)
        list[2].removeValue(forKey: "distance_ft")
        object["points"] = list
        let (path, outcome) = try analyze(withCalibration: object)
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "Error: calibration \(path) is malformed: missing field \"points[2].distance_ft\"\n")
    }

    func testNaNIsRefused() throws {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: try FaultsCLI.fixture("right-720p60").calibration)), as: UTF8.self)
        let (path, outcome) = try analyze(withCalibration: text.replacingOccurrences(of: "\"board\" : 5,", with: "\"board\" : NaN,"))
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "Error: calibration \(path) is malformed: not valid JSON\n")
    }

    func testNumberTooLargeToBeFiniteIsRefused() throws {
        var object = try fixtureJSON()
        var list = try points(object)
        list[0]["board"] = 1e308
        object["points"] = list
        let text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let (path, outcome) = try analyze(withCalibration: text.replacingOccurrences(of: "1e+308", with: "1e999"))
        XCTAssertEqual(outcome.status, 65)
        XCTAssertTrue(outcome.stderr.hasPrefix("Error: calibration \(path)"), outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
    }

    func testFewerThanFourPointsIsRefused() throws {
        var object = try fixtureJSON()
        object["points"] = Array(try points(object).prefix(3))
        let (path, outcome) = try analyze(withCalibration: object)
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "Error: calibration \(path) has 3 landmarks on the lane; at least 4 are needed\n")
    }

    func testCollinearPointsAreRefused() throws {
        var object = try fixtureJSON()
        // Four landmarks down the middle of the lane, seen along one image column.
        object["points"] = [0.0, 15, 30, 60].enumerated().map { index, distanceFt in
            ["pixel": [640.0, 640 - 6 * distanceFt], "board": 20.0, "distance_ft": distanceFt, "name": "centre \(index)"] as [String: Any]
        }
        let (path, outcome) = try analyze(withCalibration: object)
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "Error: calibration \(path): the points lie on one line, or all but one of them do; add landmarks across and down the lane\n")
    }

    func testCalibrationForAnotherImageSizeIsRefused() throws {
        var object = try fixtureJSON()
        object["image_width"] = 1920
        object["image_height"] = 1080
        let (path, outcome) = try analyze(withCalibration: object)
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "Error: calibration \(path) was made for 1920x1080 frames but the video is 1280x720\n")
    }

    func testMissingCalibrationFileIsNoInput() throws {
        let clip = try FaultsCLI.fixture("right-720p60")
        let path = directory.appendingPathComponent("nowhere.json").path
        let outcome = try FaultsCLI.bowlertrax(["analyze", clip.video, "--calibration", path, "--ball-hsv", clip.ballHSV, "--no-save"])
        XCTAssertEqual(outcome.status, 66)
        XCTAssertEqual(outcome.stderr, "Error: cannot read calibration \(path): no such file\n")
    }

    /// A calibration given through a process substitution or standard input is read like a file (issue #21: it was
    /// refused as "permission denied or not a file").
    func testCalibrationFromAPipeOrStandardInputIsRead() throws {
        let clip = try FaultsCLI.fixture("right-720p60")
        let command = "'\(FaultsCLI.binary.path)' analyze '\(clip.video)' --ball-hsv \(clip.ballHSV) --no-save --json"
        for calibration in ["<(cat '\(clip.calibration)')", "- < '\(clip.calibration)'"] {
            let outcome = try FaultsCLI.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "\(command) --calibration \(calibration)"], timeoutS: 120)
            XCTAssertEqual(outcome.status, 0, "\(calibration): \(outcome.stderr)")
            let shots = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            XCTAssertEqual((shots?["shots"] as? [Any])?.count, 1, calibration)
        }
    }

    func testFolderGivenAsCalibrationIsNoInput() throws {
        let clip = try FaultsCLI.fixture("right-720p60")
        let outcome = try FaultsCLI.bowlertrax(["analyze", clip.video, "--calibration", directory.path, "--ball-hsv", clip.ballHSV, "--no-save"])
        XCTAssertEqual(outcome.status, 66)
        XCTAssertEqual(outcome.stderr, "Error: cannot read calibration \(directory.path): permission denied or not a file\n")
    }
}
