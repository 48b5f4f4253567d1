import XCTest
@testable import BowlerTraxKit

/// `live --annotate` on the emulated camera: Ctrl-C ends the session and the video is whole under its name, the
/// frames it says it wrote, with the ball's mark where the stored shot's path is.
final class LiveAnnotateCommandTests: XCTestCase {
    func testCtrlCLeavesTheWholeAnnotatedVideoWithTheBallMarked() throws {
        let directory = try FaultsCLI.temporaryDirectory("live-annotate")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let database = LiveEmulator.databasePath(), video = directory.appendingPathComponent("live.mp4").path
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: [
            "--calibration", FixtureTruth.directory.appendingPathComponent("right-720p60.calibration.json").path,
            "--ball-hsv", "220,85,75", "--db", database, "--annotate", video])
        XCTAssertEqual(run.status, 130, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["live.mp4"])
        let note = try XCTUnwrap(run.stderr.split(separator: "\n").first { $0.hasPrefix("Annotated video: \(video), ") }, run.stderr)
        let written = try XCTUnwrap(Int(note.dropFirst("Annotated video: \(video), ".count).prefix { $0 != " " }))
        let frames = try AnnotatedVideo.frames(of: video)
        XCTAssertEqual(frames.count, written)

        let shot = try XCTUnwrap(try ShotStore(path: database).storedShots().first).shot
        var marked = 0, found = 0
        for point in shot.trajectory {
            guard let frame = frames.first(where: { abs($0.timeS - point.timeS) < 0.002 }) else { continue }
            found += 1
            if AnnotatedVideo.markShare(on: frame, x: point.xPx, y: point.yPx, radiusPx: point.radiusPx) >= 0.6 { marked += 1 }
        }
        XCTAssertGreaterThan(found, shot.trajectory.count / 2, "the shot's frames are in the video")
        XCTAssertGreaterThanOrEqual(Double(marked), 0.95 * Double(found))
    }
}
