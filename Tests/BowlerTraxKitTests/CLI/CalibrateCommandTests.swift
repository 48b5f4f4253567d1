import XCTest
@testable import BowlerTraxKit

/// `bowlertrax calibrate` run as a subprocess: help, every usage error and failure verbatim, and the outputs.
final class CalibrateCommandTests: XCTestCase {
    let video = CalibrationCLI.fixture("right-720p60.mp4")
    let points = CalibrationCLI.fixture("right-720p60.calibration.json")
    let usage = "Usage: bowlertrax calibrate (--video <file> | --image <file> | --device <path>) (--points <file> | --auto | --html <file>) [options]\n  See 'bowlertrax calibrate --help' for more information.\n"

    func assertUsageError(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try CalibrationCLI.run(["calibrate"] + arguments)
        XCTAssertEqual(result.status, 64, file: file, line: line)
        XCTAssertEqual(result.stderr, "Error: \(message)\n" + usage, file: file, line: line)
    }

    func testHelpIsPrinted() throws {
        let result = try CalibrationCLI.run(["calibrate", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, Self.help)
    }

    func testMissingFrameSourceIsAUsageError() throws { try assertUsageError(["--auto"], "give --video, --image or --device") }
    func testVideoAndImageTogetherIsAUsageError() throws { try assertUsageError(["--video", "a", "--image", "b", "--auto"], "--video and --image exclude each other") }
    func testNothingToDoIsAUsageError() throws { try assertUsageError(["--video", video], "nothing to do: give --points, --auto or --html") }
    func testPointsAndAutoTogetherIsAUsageError() throws { try assertUsageError(["--video", video, "--points", points, "--auto"], "--points and --auto exclude each other") }
    func testNegativeFrameIsAUsageError() throws { try assertUsageError(["--video", video, "--frame", "-1", "--auto"], "give --frame a whole number from 0") }
    func testZeroMaxErrorIsAUsageError() throws { try assertUsageError(["--video", video, "--auto", "--max-error-px", "0"], "give --max-error-px a value above 0") }
    func testOverlayWithoutAFitIsAUsageError() throws { try assertUsageError(["--video", video, "--html", "x.html", "--overlay", "x.png"], "--overlay needs --points or --auto") }

    func testFrameAndMedianTogetherIsAUsageError() throws { try assertUsageError(["--video", video, "--frame", "3", "--median", "5", "--auto"], "--frame and --median exclude each other") }
    func testZeroMedianIsAUsageError() throws { try assertUsageError(["--video", video, "--median", "0", "--auto"], "give --median a whole number from 1") }
    func testFrameWithAnImageIsAUsageError() throws { try assertUsageError(["--image", "a.png", "--frame", "3", "--auto"], "--frame and --median need --video") }

    func testTwoOutputsToStandardOutputIsAUsageError() throws {
        try assertUsageError(["--video", video, "--points", points, "--out", "-", "--overlay", "-"], "only one of --out, --html and --overlay can go to standard output (-)")
    }
    func testPictureAndPointsBothFromStandardInputIsAUsageError() throws {
        try assertUsageError(["--video", "-", "--points", "-"], "the picture and --points cannot both be standard input (-)")
    }

    /// `--out -` writes the calibration alone to standard output, to pipe on (issue #21); the table goes to standard
    /// error. It wrote a file named "-".
    func testCalibrationWrittenToStandardOutputIsItsJSONAlone() throws {
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--out", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let file = try CalibrationFile.parse(Data(result.stdout.utf8), path: "-")
        XCTAssertEqual(file.points.count, try CalibrationFile.load(path: points).points.count)
        XCTAssertTrue(result.stderr.contains("Largest error"), result.stderr)
    }

    func testCenterWithoutLaneIsAUsageError() throws { try assertUsageError(["--video", video, "--points", points, "--center", "Lucky"], "--center and --lane go together") }

    func testCalibrationIsSavedForACentresLaneAndAnalyzeUsesIt() throws {
        let db = try CalibrationCLI.temporaryDirectory(self).appendingPathComponent("db.sqlite").path
        XCTAssertEqual(try CalibrationCLI.run(["centers", "add", "Lucky Lanes", "--db", db]).status, 0)
        let saved = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--center", "Lucky Lanes", "--lane", "4", "--db", db])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertTrue(saved.stdout.hasSuffix("for Lucky Lanes lane 4.\n"), saved.stdout)
        let stored = try XCTUnwrap(try ShotStore(path: db).latestCalibration(center: "Lucky Lanes", lane: 4))
        let original = try CalibrationFile.load(path: points)
        XCTAssertEqual(stored.points.count, original.points.count)
        for (a, b) in zip(stored.points, original.points) {
            XCTAssertEqual(a.xPx, b.xPx, accuracy: 1e-5, "the JSON keeps 6 decimals")
            XCTAssertEqual(a.board, b.board)
        }
        let analyzed = try CalibrationCLI.run(["analyze", video, "--center", "Lucky Lanes", "--lane", "4", "--ball-hsv", "220,85,75", "--db", db, "--json"])
        XCTAssertEqual(analyzed.status, 0, analyzed.stderr)
        XCTAssertTrue(analyzed.stdout.contains("\"entry_board\": 17."), analyzed.stdout.prefix(400).description)
    }

    func testAnUnwritableOutputIsReported() throws {
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--out", "/no/such/dir/lane.json"])
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(result.stderr, "Error: cannot write /no/such/dir/lane.json: no such directory\n")
    }

    /// A calibration made by hand is not replaced by a second run by mistake: without --force nothing is written
    /// (not the overlay either), the file kept whole.
    func testAnExistingCalibrationIsKeptWithoutForce() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        let out = dir.appendingPathComponent("lane.json").path, overlay = dir.appendingPathComponent("o.png").path
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out))
        let refused = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--overlay", overlay, "--out", out])
        XCTAssertEqual(refused.status, 73)
        XCTAssertEqual(refused.stderr, "Error: cannot write \(out): it exists; give --force to replace it\n")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "mine")
        XCTAssertFalse(FileManager.default.fileExists(atPath: overlay))
        let forced = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--overlay", overlay, "--out", out, "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try CalibrationFile.load(path: out).points.count, try CalibrationFile.load(path: points).points.count)
    }

    /// A calibration of a later frame says which (`video_frame`): a camera that moves is measured in its first frame's
    /// picture, to which the analysis carries it back. On this fixed camera it measures what frame 0's does.
    func testALaterFrameIsRecordedAndMeasuresTheSame() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        let out = dir.appendingPathComponent("lane.json").path, first = dir.appendingPathComponent("first.json").path
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--frame", "30", "--points", points, "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--out", first]).status, 0)
        XCTAssertEqual(try CalibrationFile.load(path: out).videoFrame, 30)
        XCTAssertNil(try CalibrationFile.load(path: first).videoFrame)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).contains("\n  \"video_frame\": 30,\n"))
        func entryBoard(_ calibration: String) throws -> String? {
            let analyzed = try CalibrationCLI.run(["analyze", video, "--calibration", calibration, "--no-save", "--json"])
            XCTAssertEqual(analyzed.status, 0, analyzed.stderr)
            return analyzed.stdout.split(separator: "\n").first { $0.contains("\"entry_board\"") }.map(String.init)
        }
        let entry = try XCTUnwrap(try entryBoard(out))
        XCTAssertEqual(entry, try entryBoard(first))
    }

    func testAutoProposesLandmarksWithConfidenceAndWritesAllOutputs() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        let out = dir.appendingPathComponent("auto.json").path, overlay = dir.appendingPathComponent("o.png").path
        let html = dir.appendingPathComponent("p.html").path
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--median", "9", "--auto", "--out", out, "--overlay", overlay, "--html", html])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Picture: the median of 9 frames of 0 to 209, where the camera holds still (it holds still to the end).\nFound 18 landmarks:\nlandmark                         x px     y px  confidence\nfoul line, right edge  "), result.stdout)
        XCTAssertEqual(try CalibrationFrame(path: overlay).size, PixelSize(width: 1280, height: 720))
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).contains("\"name\": \"arrow tip, board 20\", \"board\": 20, \"distance_ft\": 16, \"pixel\": [641."))
        XCTAssertEqual(try CalibrationFile.load(path: out).points.count, 18)
    }

    /// The click page alone: what was written and what to do next (it printed nothing).
    func testClickPageSaysWhatToDoNext() throws {
        let html = try CalibrationCLI.temporaryDirectory(self).appendingPathComponent("click.html").path
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--html", html])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Wrote \(html): open it in a browser, click each landmark, press Export, then check the export with --points.\n")
    }

    /// Not a video: one line and exit 65, with the median `--auto` takes by itself as with `--frame`.
    func testANonVideoIsReportedInOneLine() throws {
        for frame in [[], ["--frame", "0"]] {
            let result = try CalibrationCLI.run(["calibrate", "--video", points, "--auto"] + frame)
            XCTAssertEqual(result.status, 65)
            XCTAssertTrue(result.stderr.hasPrefix("Error: \(points) is not a video FFmpeg can read: "), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testFramePastTheEndIsReported() throws {
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--frame", "100000", "--points", points])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.hasPrefix("Error: \(video) has "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(" frames; frame 100000 does not exist (frames count from 0)\n"), result.stderr)
    }

    func testPointsForAnotherFrameSizeAreRefused() throws {
        let other = CalibrationCLI.fixture("right-1080p30.calibration.json")
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--points", other])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(result.stderr, "Error: calibration \(other) was made for 1920x1080 frames but the video is 1280x720\n")
    }

    func testAPointFarOffTheFitIsRefusedAndNothingIsWritten() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        var file = try CalibrationFile.load(path: points)
        file.points[4].xPx += 12
        let moved = dir.appendingPathComponent("moved.json")
        try file.jsonData().write(to: moved)
        let out = dir.appendingPathComponent("out.json").path, overlay = dir.appendingPathComponent("o.png").path
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--points", moved.path, "--out", out, "--overlay", overlay])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.hasPrefix("Error: calibration \(moved.path): \""), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(" px from the fit (limit 3 px); move it or check its board and distance\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertTrue(FileManager.default.fileExists(atPath: overlay), "the overlay shows the bad point")
    }

    /// The camera the fit recovers from the rendered clip's exact landmarks is the one that rendered it: 5.5 ft up,
    /// 16 ft behind the foul line, 0.3 ft toward the higher boards (left, seen from behind), aimed at the centre line
    /// 19 ft down the lane.
    func testTheFitPlacesTheCameraWhereItStood() throws {
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points])
        XCTAssertEqual(result.status, 0, result.stderr)
        let line = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("The camera, as the fit places it: ") }, result.stdout)
        let numbers = line.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        XCTAssertEqual(numbers.count, 5, String(line))
        guard numbers.count == 5 else { return }
        XCTAssertEqual(numbers[0], 5.5, accuracy: 0.05, "height")
        XCTAssertEqual(numbers[1], 16, accuracy: 0.05, "behind the foul line")
        XCTAssertEqual(numbers[2], 0.3, accuracy: 0.05, "across")
        XCTAssertTrue(line.contains("ft behind the foul line") && line.contains("ft left of"), String(line))
        XCTAssertEqual(numbers[3], atan(5.5 / 35) * 180 / .pi, accuracy: 0.05, "pitch")
        XCTAssertEqual(numbers[4], 1559, accuracy: 1, "focal length")
    }

    func testRefittedPointsAreWrittenInTheAnalysisFormat() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        let out = dir.appendingPathComponent("lane.json").path
        let result = try CalibrationCLI.run(["calibrate", "--video", video, "--points", points, "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("""
            Fit of 12 landmarks, k1 0.0000:
            landmark                      board     ft  error px  boards     ft
            foul line, right edge           0.5   0.00      0.00    0.00   0.00

            """), result.stdout)
        XCTAssertTrue(result.stdout.contains("Largest error 0.00 px (limit 3 px).\nThe camera, as the fit places it: "), result.stdout)
        let written = try CalibrationFile.load(path: out)
        let original = try CalibrationFile.load(path: points)
        XCTAssertEqual(written.points.map(\.name), original.points.map(\.name))
        for (a, b) in zip(written.points, original.points) {
            XCTAssertEqual(a.xPx, b.xPx, accuracy: 1e-5)
            XCTAssertEqual(a.yPx, b.yPx, accuracy: 1e-5)
            XCTAssertEqual(a.board, b.board)
            XCTAssertEqual(a.distanceFt, b.distanceFt)
        }
        XCTAssertEqual(try XCTUnwrap(written.k1), 0, accuracy: 0.002)
        _ = try LaneCalibration.load(path: out, videoSize: PixelSize(width: 1280, height: 720))
    }

    func testAnImageFileIsAFrame() throws {
        let dir = try CalibrationCLI.temporaryDirectory(self)
        let png = dir.appendingPathComponent("frame.png").path
        try PNGWriter.write(RGBImage(width: 1280, height: 720, fill: (90, 60, 30)), to: png)
        let result = try CalibrationCLI.run(["calibrate", "--image", png, "--points", points])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Fit of 12 landmarks, k1 "), result.stdout)
    }

    static let help = """
        OVERVIEW: Calibrate a lane on one frame: refit landmarks, find them automatically, or write a page to click them on.

        USAGE: bowlertrax calibrate (--video <file> | --image <file> | --device <path>) (--points <file> | --auto | --html <file>) [options]

        OPTIONS:
          --video <file>       The video to take the frame from.
          --frame <n>          Frame number, counted from 0; pick one with no ball on the lane. (default: 0; with --auto, the median below)
          --median <n>         With --video, use the per-pixel median of n frames over the start of the video where the camera holds still (a fixed camera: all of it, up to 60 s), so people and balls vanish. (default with --auto and no --frame: 15)
          --image <file>       A PNG or JPEG picture of the lane instead of a video.
          --device <path>      Take the picture from a V4L2 camera instead, e.g. /dev/video0.
          --size <wxh>         With --device, the capture size in pixels. (default: 1280x720)
          --fps <n>            With --device, the capture rate, 30 to 120. (default: 60)
          --points <file>      Calibration JSON whose landmarks are refitted and checked.
          --auto               Find the lane's landmarks in the frame; when a video's first view gives too few, also in the views its camera turns and zooms to, carried back into frame 0.
          --out <file>         Write the fitted calibration JSON (what analyze --calibration reads); - for standard output.
          --html <file>        Write a self-contained page to click the landmarks on; - for standard output.
          --overlay <file>     Write a PNG of the frame with the fitted lane drawn over it; - for standard output.
          --force              Replace output files that already exist.
          --max-error-px <px>  Largest reprojection error allowed for any landmark. (default: 3)
          --center <name>      Save the calibration in the database for this centre (see 'bowlertrax centers').
          --lane <n>           The centre's lane number the calibration is for.
          --db <file|url>      SQLite file, or postgresql://user@host:port/dbname for a shared server. (default: $BOWLERTRAX_DB, else $XDG_DATA_HOME/bowlertrax/bowlertrax.sqlite)
          -h, --help           Show help information.

        """
}
