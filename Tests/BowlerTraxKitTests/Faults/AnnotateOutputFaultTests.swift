import Foundation
import XCTest
@testable import BowlerTraxKit

/// `analyze --annotate`: a path that cannot be written fails before any analysis, and a run that does not finish
/// (Ctrl-C, an error) leaves no file under the final name, nor its partial one.
final class AnnotateOutputFaultTests: XCTestCase {
    private func folder() throws -> URL {
        let url = try FaultsCLI.temporaryDirectory("annotate")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testExistingFileWithoutForceIsRefusedBeforeAnalysis() throws {
        let out = try folder().appendingPathComponent("shot.mp4")
        try Data("keep".utf8).write(to: out)
        let outcome = try FaultsCLI.bowlertrax(try FaultsCLI.analyzeArguments("right-720p60", extra: ["--no-save", "--annotate", out.path]))
        XCTAssertEqual(outcome.status, 73)
        XCTAssertEqual(outcome.stderr, "Error: cannot write \(out.path): it exists; give --force to replace it\n")
        XCTAssertEqual(outcome.stdout, "", "nothing analysed")
        XCTAssertEqual(try Data(contentsOf: out), Data("keep".utf8))
    }

    func testMissingFolderIsRefusedBeforeAnalysis() throws {
        let out = try folder().appendingPathComponent("no-such-folder/shot.mp4")
        let outcome = try FaultsCLI.bowlertrax(try FaultsCLI.analyzeArguments("right-720p60", extra: ["--no-save", "--annotate", out.path]))
        XCTAssertEqual(outcome.status, 73)
        XCTAssertEqual(outcome.stderr, "Error: cannot write \(out.path): no such directory\n")
        XCTAssertEqual(outcome.stdout, "")
    }

    func testStandardOutputIsAUsageError() throws {
        let outcome = try FaultsCLI.bowlertrax(try FaultsCLI.analyzeArguments("right-720p60", extra: ["--no-save", "--annotate", "-"]))
        XCTAssertEqual(outcome.status, 64)
        XCTAssertEqual(outcome.errorLine, "Error: --annotate needs a file name: the video cannot go to standard output")
    }

    func testForceReplacesTheFileWithTheWholeVideoAndNothingElse() throws {
        let dir = try folder()
        let out = dir.appendingPathComponent("shot.mp4")
        try Data("old".utf8).write(to: out)
        let outcome = try FaultsCLI.bowlertrax(try FaultsCLI.analyzeArguments("right-720p60", extra: ["--no-save", "--annotate", out.path, "--force"]))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try contents(dir), ["shot.mp4"])
        let decoder = try FrameDecoder(path: out.path)
        var frames = 0
        while try decoder.nextFrame() != nil { frames += 1 }
        XCTAssertEqual(frames, try FixtureTruth.load("right-720p60").frames)
    }

    func testInterruptedRunLeavesNoFile() throws {
        let dir = try folder()
        let out = dir.appendingPathComponent("shot.mp4")
        let process = Process()
        process.executableURL = FaultsCLI.binary
        process.arguments = try FaultsCLI.analyzeArguments("multi-720p60", extra: ["--no-save", "--annotate", out.path])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Interrupted once frames are being written to the partial video.
        func partialBytes() throws -> Int {
            try contents(dir).map { try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent($0).path)[.size] as? Int ?? 0 }.reduce(0, +)
        }
        let deadline = Date().addingTimeInterval(30)
        while try partialBytes() < 100_000 && process.isRunning && Date() < deadline { usleep(10_000) }
        XCTAssertTrue(process.isRunning, "the run ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(try contents(dir), [], "no annotated video, whole or partial")
    }

    func testRunThatFailsLeavesNoFile() throws {
        let dir = try folder()
        // MJPEG takes an odd frame size; H.264 and MPEG-4 (4:2:0) do not.
        let odd = dir.appendingPathComponent("odd.avi").path
        try FaultsCLI.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=321x241:rate=30", "-t", "1", "-c:v", "mjpeg", odd])
        let out = dir.appendingPathComponent("shot.mp4")
        let outcome = try FaultsCLI.bowlertrax(["analyze", odd, "--ball-hsv", "220,85,75", "--no-save", "--annotate", out.path])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.errorLine, "Error: cannot encode 321x241 video: H.264 and MPEG-4 need an even width and height")
        XCTAssertEqual(try contents(dir), ["odd.avi"])
    }
}
