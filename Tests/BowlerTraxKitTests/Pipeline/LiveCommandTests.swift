import Foundation
import XCTest
@testable import BowlerTraxKit

/// `bowlertrax live` end to end on the emulated V4L2 camera (LD_PRELOAD), the real capture code path.
final class LiveCommandTests: XCTestCase {
    private func clipArguments(_ clip: String, database: String) -> [String] {
        let calibration = FixtureTruth.directory.appendingPathComponent("\(clip).calibration.json").path
        return ["--calibration", calibration, "--ball-hsv", "220,85,75", "--marker-hsv", "60,90,95", "--db", database]
    }

    private func storedShots(_ database: String) throws -> (sessions: [SessionRecord], shots: [Shot], integrity: String) {
        let store = try ShotStore(path: database)
        let sessions = try store.sessions()
        let shots = try sessions.flatMap { try store.shots(sessionID: $0.id) }
        return (sessions, shots, try store.integrityCheck())
    }

    func testLiveFindsTheSameShotsAsAnalyzeOnTheSameClip() throws {
        let database = LiveEmulator.databasePath()
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: clipArguments("right-720p60", database: database))
        XCTAssertEqual(run.status, 130, run.stderr)
        // Any dropped frame (a loaded machine) changes the path; the drop count explains a mismatch below.
        XCTAssertTrue(run.stderr.contains(" 0 dropped"), run.stderr)
        let (_, analyzed) = try FixtureTruth.analyze("right-720p60")
        let live = try storedShots(database).shots
        XCTAssertEqual(live.count, analyzed.shots.count)
        XCTAssertFalse(live.isEmpty)
        for (liveShot, fileShot) in zip(live, analyzed.shots) {
            XCTAssertEqual(liveShot.releaseTimeS, fileShot.releaseTimeS, accuracy: 0.01)
            for field in MeasurementField.all {
                guard case let .number(keyPath) = field.value else { continue }
                let name = field.name
                let a = liveShot.measurements[keyPath: keyPath], b = fileShot.measurements[keyPath: keyPath]
                XCTAssertEqual(a == nil, b == nil, name)
                // The emulator serves YUYV (4:2:2) made from the clip's 4:2:0 frames: the chroma round trip
                // moves a marker pixel's colour now and then, so the rev rate may differ in its 5th digit.
                if let a, let b { XCTAssertEqual(a, b, accuracy: max(0.01, abs(b) * 1e-4), name) }
            }
        }
    }

    func testLivePrintsEachShotOnOneLine() throws {
        let database = LiveEmulator.databasePath()
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: clipArguments("right-720p60", database: database))
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stdout)
        XCTAssertTrue(lines.first?.hasPrefix("Shot 1: 16.7 mph, arrows 6.7, breakpoint ") ?? false, run.stdout)
    }

    func testAStoredCalibrationForACentresLaneIsUsed() throws {
        let database = LiveEmulator.databasePath()
        let store = try ShotStore(path: database)
        _ = try store.addCenter("Lucky Lanes")
        _ = try store.saveCalibration(try CalibrationFile.load(path: FixtureTruth.directory.appendingPathComponent("right-720p60.calibration.json").path),
                                      center: "Lucky Lanes", lane: 7)
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60",
                                       arguments: ["--center", "Lucky Lanes", "--lane", "7", "--ball-hsv", "220,85,75", "--db", database])
        XCTAssertTrue(run.stdout.hasPrefix("Shot 1: 16.7 mph, arrows 6.7, breakpoint "), run.stdout + run.stderr)
        let session = try XCTUnwrap(try ShotStore(path: database).sessions().last)
        XCTAssertEqual(session.details.center, "Lucky Lanes")
        XCTAssertEqual(session.details.laneNumber, 7)
    }

    /// `stats --ball NAME` and `compare ball:NAME` select sessions by the ball kept with them, as `analyze --ball` keeps it.
    func testASavedBallIsKeptWithTheSession() throws {
        let database = LiveEmulator.databasePath()
        try ShotStore(path: database).saveBallProfile(BallProfile(name: "Blue", colors: [HSVColor(hueDeg: 220, saturationPct: 85, valuePct: 75)]))
        let calibration = FixtureTruth.directory.appendingPathComponent("right-720p60.calibration.json").path
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60",
                                       arguments: ["--calibration", calibration, "--ball", "Blue", "--db", database])
        XCTAssertTrue(run.stdout.hasPrefix("Shot 1: "), run.stdout + run.stderr)
        XCTAssertEqual(try XCTUnwrap(try ShotStore(path: database).sessions().last).details.ball, "Blue")
    }

    func testMJPEGAt720p60ProcessesEveryFrameWithoutADrop() throws {
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", format: "MJPG",
                                       arguments: clipArguments("right-720p60", database: LiveEmulator.databasePath()))
        XCTAssertTrue(run.stderr.contains("210 frames captured, 210 processed, 0 dropped"), run.stderr)
    }

    func testMJPEGAt1080p30ProcessesEveryFrameWithoutADrop() throws {
        let run = try LiveEmulator.run(Self.self, clip: "right-1080p30", format: "MJPG", size: "1920x1080", fps: 30,
                                       arguments: clipArguments("right-1080p30", database: LiveEmulator.databasePath()))
        XCTAssertTrue(run.stderr.contains("94 frames captured, 94 processed, 0 dropped"), run.stderr)
    }

    func testUnplugEndsWithOneMessageExit69AndKeepsTheFinishedShot() throws {
        let database = LiveEmulator.databasePath()
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: clipArguments("right-720p60", database: database),
                                       environment: ["BTX_EMU_UNPLUG_AFTER": "205"])
        XCTAssertEqual(run.status, 69)
        XCTAssertTrue(run.stderr.hasSuffix("Error: camera \(LiveEmulator.device) went away (unplugged?) during poll\n"), run.stderr)
        let stored = try storedShots(database)
        XCTAssertEqual(stored.integrity, "ok")
        XCTAssertEqual(stored.shots.count, 1)
        XCTAssertNotNil(stored.sessions.first?.endedAt)
    }

    func testKillMinus9KeepsTheDatabaseIntactAndTheNextStartClosesTheSession() throws {
        let database = LiveEmulator.databasePath()
        let arguments = clipArguments("right-720p60", database: database)
        let killed = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: arguments, signal: SIGKILL, signalAfterLine: "Shot 1:")
        XCTAssertEqual(killed.status, SIGKILL)
        let afterKill = try storedShots(database)
        XCTAssertEqual(afterKill.integrity, "ok")
        XCTAssertEqual(afterKill.shots.count, 1)
        XCTAssertNil(afterKill.sessions.first?.endedAt)

        let next = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: arguments, environment: ["BTX_EMU_UNPLUG_AFTER": "1"])
        XCTAssertTrue(next.stderr.contains("Closed session 1 (live "), next.stderr)
        XCTAssertNotNil(try storedShots(database).sessions.first?.endedAt)
    }

    func testResumeContinuesTheOpenSessionsShotNumbers() throws {
        let database = LiveEmulator.databasePath()
        let arguments = clipArguments("right-720p60", database: database)
        _ = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: arguments, signal: SIGKILL, signalAfterLine: "Shot 1:")
        let resumed = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: arguments + ["--resume"])
        XCTAssertTrue(resumed.stdout.hasPrefix("Shot 2: "), resumed.stdout)
        let stored = try storedShots(database)
        XCTAssertEqual(stored.sessions.count, 1)
        XCTAssertEqual(stored.shots.map(\.shotNumber), [1, 2])
    }

    func testBusyCameraExits69() throws {
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", arguments: clipArguments("right-720p60", database: LiveEmulator.databasePath()),
                                       environment: ["BTX_EMU_BUSY": "1"])
        XCTAssertEqual(run.status, 69)
        XCTAssertEqual(run.stderr, "Error: camera \(LiveEmulator.device) is busy: another program is using it\n")
    }

    func testAModeTheCameraLacksListsWhatItOffers() throws {
        let run = try LiveEmulator.run(Self.self, clip: "right-720p60", fps: 120, arguments: clipArguments("right-720p60", database: LiveEmulator.databasePath()),
                                       environment: ["BTX_EMU_FPS": "60"])
        XCTAssertEqual(run.status, 69)
        XCTAssertEqual(run.stderr, "Error: camera \(LiveEmulator.device) does not offer MJPEG or YUYV 1280x720 at 120 fps; it offers: YUYV 1280x720 at 60 fps\n")
    }

    func testMissingDeviceExits69() throws {
        let process = Process()
        process.executableURL = LiveEmulator.binary(Self.self)
        process.arguments = ["live", "--device", "/dev/video-bowlertrax-none", "--ball-hsv", "220,85,75", "--db", LiveEmulator.databasePath()]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 69)
        XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "Error: no camera at /dev/video-bowlertrax-none: no such device\n")
    }

    func testRecordingKeepsAVideoAnalyzeReads() throws {
        let recording = LiveEmulator.workDirectory.appendingPathComponent("record-\(UUID().uuidString).mkv").path
        _ = try LiveEmulator.run(Self.self, clip: "right-720p60", format: "MJPG",
                                 arguments: clipArguments("right-720p60", database: LiveEmulator.databasePath()) + ["--record", recording])
        let decoder = try FrameDecoder(path: recording)
        var frames = 0
        while try decoder.nextFrame() != nil { frames += 1 }
        XCTAssertEqual(frames, 210)
    }
}
