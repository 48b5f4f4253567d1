import Foundation
import XCTest
@testable import BowlerTraxKit

/// Runs the built `bowlertrax` tool for the history command tests, and builds their database once:
/// three fixture clips analysed by the CLI into sessions with bowler, centre, lane, ball and kind.
enum HistoryCLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The tool next to the test bundle (`FaultsCLI.binary`, whatever --scratch-path was).
    static func toolURL() throws -> URL {
        let url = FaultsCLI.binary
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw XCTSkip("bowlertrax is not built next to the tests (looked for \(url.path))") }
        return url
    }

    /// Runs the tool with `arguments`; standard output and error are read to the end.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = try toolURL()
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read before waiting: a full pipe would block the tool forever.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The filled database, made once per test run; copy it before changing it.
    static func templateDatabase() throws -> String {
        if let made = template.made { return made }
        let path = NSTemporaryDirectory() + "bowlertrax-history-template-\(UUID().uuidString).sqlite"
        try fill(path)
        template.made = path
        return path
    }

    /// A fresh copy of the filled database in `directory`.
    static func copyOfFilledDatabase(in directory: String) throws -> String {
        let source = try templateDatabase()
        let copy = directory + "/history.sqlite"
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        return copy
    }

    /// A command that filling the database needs failed: the tests cannot run on a half-filled database.
    struct StepFailed: Error, CustomStringConvertible {
        var command: String
        var stderr: String
        var description: String { "bowlertrax \(command) failed: \(stderr)" }
    }

    private final class Template: @unchecked Sendable { var made: String? }
    private static let template = Template()

    private static func fill(_ path: String) throws {
        let clips = FixtureTruth.directory
        func hsv(_ name: String) throws -> String {
            try FixtureTruth.load(name).ball_hsv.map { String(Int($0.rounded())) }.joined(separator: ",")
        }
        do {
            let store = try ShotStore(path: path)
            try store.addCenter("Lucky Lanes")
            let file = try CalibrationFile.load(path: clips.appendingPathComponent("right-720p60.calibration.json").path)
            _ = try store.saveCalibration(file, center: "Lucky Lanes", lane: 3)
        }
        let steps: [[String]] = [
            ["ball", "add", "Blue", "--ball-hsv", try hsv("multi-720p60"), "--db", path],
            // Session 1: the stored calibration of lane 3, league night.
            ["analyze", clips.appendingPathComponent("right-720p60.mp4").path, "--center", "Lucky Lanes", "--lane", "3", "--ball-hsv", try hsv("right-720p60"),
             "--session", "week 1", "--bowler", "Ann", "--kind", "league", "--oil", "House", "--db", path],
            // Session 2: three shots with the saved ball.
            ["analyze", clips.appendingPathComponent("multi-720p60.mp4").path, "--calibration", clips.appendingPathComponent("multi-720p60.calibration.json").path,
             "--ball", "Blue", "--session", "week 2", "--bowler", "Ann", "--db", path],
            // Session 3: a left-hander, named after the video.
            ["analyze", clips.appendingPathComponent("left-720p60.mp4").path, "--calibration", clips.appendingPathComponent("left-720p60.calibration.json").path,
             "--ball-hsv", try hsv("left-720p60"), "--hand", "left", "--db", path],
        ]
        for step in steps {
            let output = try run(step)
            guard output.status == 0 else { throw StepFailed(command: step.joined(separator: " "), stderr: output.stderr) }
        }
    }
}
