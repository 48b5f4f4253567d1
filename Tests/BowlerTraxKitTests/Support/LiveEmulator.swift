import Foundation
import XCTest

/// Runs the built `bowlertrax` binary against the LD_PRELOAD V4L2 emulator (Tests/V4L2Emulator) serving a fixture clip.
enum LiveEmulator {
    static let device = "/dev/video-bowlertrax-test"
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-live-tests-\(getpid())")

    /// What one run of `bowlertrax live` did.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The tool in the build products directory (`FaultsCLI.productsDirectory`).
    static func binary(_ test: AnyClass) -> URL { FaultsCLI.binary }

    /// Builds the emulator library once per test process.
    static func library() throws -> URL {
        let output = workDirectory.appendingPathComponent("v4l2emu.so")
        if FileManager.default.fileExists(atPath: output.path) { return output }
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try script("build-v4l2-emulator", [output.path])
        return output
    }

    /// The clip's frames as the emulator serves them in `format` (YUYV or MJPG), made once per test process.
    static func frames(clip: String, format: String) throws -> URL {
        let output = workDirectory.appendingPathComponent("\(clip)-\(format)\(format == "YUYV" ? ".yuv" : "")")
        if FileManager.default.fileExists(atPath: output.path) { return output }
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        try script("prepare-v4l2-frames", [FixtureTruth.directory.appendingPathComponent("\(clip).mp4").path, format, output.path])
        return output
    }

    private static func script(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("scripts/\(name)")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(name) failed"]) }
    }

    /// Runs `live` on the emulated camera serving `clip`. Once the whole clip was served (or after `signalAfterLine`
    /// appears on stdout) it sends `signal`; returns when the process has exited.
    /// `command` is the subcommand run on the camera (`live`, or `calibrate` which ends by itself).
    static func run(_ test: AnyClass, command: String = "live", clip: String, format: String = "YUYV", size: String = "1280x720", fps: Int = 60,
                    arguments: [String], environment extra: [String: String] = [:],
                    signal: Int32 = SIGINT, signalAfterLine: String? = nil) throws -> Run {
        let done = workDirectory.appendingPathComponent("done-\(UUID().uuidString)")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = try library().path
        environment["BTX_EMU_DEVICE"] = device
        environment["BTX_EMU_FORMAT"] = format
        environment["BTX_EMU_SIZE"] = size
        environment["BTX_EMU_FPS"] = String(fps)
        environment["BTX_EMU_FRAMES"] = try frames(clip: clip, format: format).path
        environment["BTX_EMU_DONE_FILE"] = done.path
        // Served at half speed (same timestamps): the tests check what live finds, not how fast (that is
        // `scripts/bench`), and a machine busy with other work must not make them drop frames.
        environment["BTX_EMU_SPEED"] = "0.5"
        environment.merge(extra) { _, new in new }
        let process = Process()
        process.executableURL = binary(test)
        process.arguments = [command, "--device", device, "--size", size, "--fps", String(fps)] + arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let collected = OutputCollector()
        output.fileHandleForReading.readabilityHandler = { collected.append(stdout: $0.availableData) }
        errors.fileHandleForReading.readabilityHandler = { collected.append(stderr: $0.availableData) }
        try process.run()
        // Polled, not timed: the emulator serves the clip at half speed, so this waits about twice the clip's length.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            let served = FileManager.default.fileExists(atPath: done.path)
            let lineSeen = signalAfterLine.map { collected.stdout.contains($0) } ?? false
            if signalAfterLine == nil ? served : lineSeen {
                kill(process.processIdentifier, signal)
                break
            }
            usleep(20_000)
        }
        if process.isRunning, Date() >= deadline { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        collected.append(stdout: output.fileHandleForReading.readDataToEndOfFile())
        collected.append(stderr: errors.fileHandleForReading.readDataToEndOfFile())
        return Run(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }

    /// A fresh database path for one test.
    static func databasePath() -> String {
        workDirectory.appendingPathComponent("live-\(UUID().uuidString).sqlite").path
    }
}

/// Output gathered from a child's pipes on their reader threads.
private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    func append(stdout data: Data) { lock.withLock { out.append(data) } }
    func append(stderr data: Data) { lock.withLock { err.append(data) } }
    var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
}
