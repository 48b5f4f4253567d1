import XCTest
@testable import BowlerTraxKit

/// `calibrate --device`: the picture comes from a V4L2 camera (the emulated one serving a fixture clip).
final class CalibrateFromCameraTests: XCTestCase {
    func testACameraFrameIsCalibratedLikeTheVideosFrames() throws {
        let directory = try CalibrationCLI.temporaryDirectory(self)
        let out = directory.appendingPathComponent("lane.json").path, overlay = directory.appendingPathComponent("lane.png").path
        let points = CalibrationCLI.fixture("right-720p60.calibration.json")
        let run = try LiveEmulator.run(Self.self, command: "calibrate", clip: "right-720p60",
                                       arguments: ["--points", points, "--out", out, "--overlay", overlay])
        XCTAssertEqual(run.status, 0, run.stderr)
        let written = try CalibrationFile.load(path: out)
        XCTAssertEqual(written.imageSize, PixelSize(width: 1280, height: 720))
        XCTAssertEqual(written.points.count, try CalibrationFile.load(path: points).points.count)
        let picture = try CalibrationFrame(path: overlay)
        XCTAssertEqual(picture.size, PixelSize(width: 1280, height: 720))
    }

    func testAMissingCameraIsReportedAsUnavailable() throws {
        let result = try CalibrationCLI.run(["calibrate", "--device", "/dev/no-such-camera-bowlertrax", "--auto"])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Error: "), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }

    func testSizeWithoutACameraIsAUsageError() throws {
        let result = try CalibrationCLI.run(["calibrate", "--video", CalibrationCLI.fixture("right-720p60.mp4"), "--auto", "--size", "640x360"])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: --size and --fps need --device\n"), result.stderr)
    }
}
