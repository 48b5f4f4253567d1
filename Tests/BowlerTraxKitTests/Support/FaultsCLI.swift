import Foundation
import XCTest
@testable import BowlerTraxKit

/// Runs the built `bowlertrax` (and `ffmpeg`, to make damaged inputs) as subprocesses for the fault tests.
enum FaultsCLI {
    /// What one run printed and how it ended.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// True when the run outlived its time limit and was killed.
        var timedOut: Bool
        /// The `Error: …` line, if any.
        var errorLine: String? { stderr.split(separator: "\n").first { $0.hasPrefix("Error: ") }.map(String.init) }
    }

    /// The build products folder: the test bundle sits next to the tool there.
    static let productsDirectory: URL = {
        let bundle = Bundle(for: Marker.self).bundleURL
        return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    }()

    static var binary: URL { productsDirectory.appendingPathComponent("bowlertrax") }

    /// The package root (for scripts/ and Fixtures/).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `executable` with `arguments`; kills it (SIGKILL) after `timeoutS`.
    static func run(_ executable: URL, _ arguments: [String], timeoutS: Double = 60, environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        // Pipes are drained while the process runs, or a chatty child would block on a full pipe.
        let outData = Collected(), errData = Collected()
        let readers = DispatchGroup()
        for (pipe, sink) in [(out, outData), (err, errData)] {
            DispatchQueue.global().async(group: readers) { sink.data = pipe.fileHandleForReading.readDataToEndOfFile() }
        }
        try process.run()
        let timedOut = done.wait(timeout: .now() + timeoutS) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        readers.wait()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
                       stderr: String(decoding: errData.data, as: UTF8.self), timedOut: timedOut)
    }

    /// Runs `bowlertrax` with `arguments`.
    static func bowlertrax(_ arguments: [String], timeoutS: Double = 60, environment: [String: String]? = nil) throws -> Outcome {
        try run(binary, arguments, timeoutS: timeoutS, environment: environment)
    }

    /// Runs the ffmpeg CLI (installed by scripts/setup) to make a test input; fails the test when it fails.
    static func ffmpeg(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try run(URL(fileURLWithPath: "/usr/bin/ffmpeg"), ["-v", "error", "-y"] + arguments)
        XCTAssertEqual(outcome.status, 0, "ffmpeg \(arguments.joined(separator: " ")): \(outcome.stderr)", file: file, line: line)
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A committed fixture clip, its calibration and its ball colour as `--ball-hsv` text.
    static func fixture(_ name: String) throws -> (video: String, calibration: String, ballHSV: String) {
        let truth = try FixtureTruth.load(name)
        return (FixtureTruth.directory.appendingPathComponent(truth.video).path,
                FixtureTruth.directory.appendingPathComponent("\(name).calibration.json").path,
                truth.ball_hsv.map { String(Int($0.rounded())) }.joined(separator: ","))
    }

    /// `analyze` arguments for a fixture clip (or another video with that clip's calibration and colour).
    static func analyzeArguments(_ name: String, video: String? = nil, extra: [String]) throws -> [String] {
        let clip = try fixture(name)
        return ["analyze", video ?? clip.video, "--calibration", clip.calibration, "--ball-hsv", clip.ballHSV] + extra
    }

    /// Ids and trajectory sizes of the `saved shot N (id X, P points)` lines `analyze` printed.
    static func savedShots(in stderr: String) -> [(id: Int64, points: Int)] {
        stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("saved shot "), let open = line.firstIndex(of: "(") else { return nil }
            let fields = line[line.index(after: open)...].split(whereSeparator: { " ,)".contains($0) })
            guard fields.count >= 3, fields[0] == "id", let id = Int64(fields[1]), let points = Int(fields[2]) else { return nil }
            return (id, points)
        }
    }

    /// Shots, trajectory points and `PRAGMA integrity_check` of a database, read without migrating it.
    static func inspect(database path: String) throws -> (shots: Int64, points: Int64, integrity: [String]) {
        let database = try Database(path: path)
        return (try database.int64("SELECT count(*) FROM shot") ?? -1, try database.int64("SELECT count(*) FROM trajectory_point") ?? -1,
                try database.strings("PRAGMA integrity_check"))
    }

    private final class Marker {}
    private final class Collected: @unchecked Sendable { var data = Data() }
}
