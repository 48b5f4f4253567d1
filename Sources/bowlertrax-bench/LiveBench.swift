import BowlerTraxKit
import Foundation

/// `bowlertrax live` on the emulated V4L2 camera (Tests/V4L2Emulator, loaded with LD_PRELOAD) serving one clip
/// as MJPEG in real time, as a USB camera sends 720p120 and 1080p60: what it captured, processed and dropped.
///
/// The frames are the clip's, one JPEG each, in `<clip minus extension>.mjpeg/` (scripts/prepare-v4l2-frames);
/// size and rate are the clip's own. The session is stopped with SIGINT once the emulator has served every frame.
struct LiveBench {
    let clip: String
    let options: BenchOptions

    struct Result {
        var size = PixelSize(width: 0, height: 0)
        var fps = 0.0
        /// JPEGs the emulator serves, one per frame of the clip.
        var framesServed = 0
        var captured = 0
        var processed = 0
        var driverDrops = 0
        var queueDrops = 0
        var shots = 0
        /// User plus system CPU time of the live process, seconds.
        var cpuS = 0.0
        /// The 1-minute load average when the session ended (other users of the machine).
        var loadAverage = 0.0

        var dropped: Int { driverDrops + queueDrops }
    }

    /// Where the clip's JPEG frames are expected.
    static func framesDirectory(for clip: String) -> String {
        URL(fileURLWithPath: clip).deletingPathExtension().path + ".mjpeg"
    }

    func run() throws -> Result {
        var result = Result()
        let probe = try FrameDecoder(path: clip)
        result.size = PixelSize(width: probe.width, height: probe.height)
        result.fps = probe.fps.rounded()
        let frames = Self.framesDirectory(for: clip)
        result.framesServed = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".jpg") }.count
        guard result.framesServed > 0 else { throw BenchError.emptyClip(path: frames) }

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-bench-live-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let done = work.appendingPathComponent("served").path
        let device = "/dev/video-bowlertrax-bench"
        let size = "\(result.size.width)x\(result.size.height)", fps = String(Int(result.fps))

        var environment = ProcessInfo.processInfo.environment
        environment.merge(["LD_PRELOAD": options.emulator, "BTX_EMU_DEVICE": device, "BTX_EMU_FORMAT": "MJPG", "BTX_EMU_SIZE": size,
                           "BTX_EMU_FPS": fps, "BTX_EMU_FRAMES": frames, "BTX_EMU_DONE_FILE": done]) { _, new in new }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: options.bowlertrax)
        process.arguments = ["live", "--device", device, "--size", size, "--fps", fps, "--calibration", BenchOptions.calibrationPath(for: clip),
                             "--ball-hsv", options.ballHSVText, "--db", work.appendingPathComponent("shots.sqlite").path]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let usageBefore = ResourceUsage(RUSAGE_CHILDREN).cpuS
        do { try process.run() } catch { throw BenchError.cannotLaunch(program: options.bowlertrax, reason: "\(error)") }
        let stderrText = PipeDrain(errors.fileHandleForReading)
        // The emulator serves in real time: wait the clip's length, plus slack for start-up on a loaded machine.
        let deadline = Date().addingTimeInterval(Double(result.framesServed) / result.fps + 30)
        while process.isRunning, !FileManager.default.fileExists(atPath: done), Date() < deadline { usleep(20_000) }
        // A moment for the last frames to be processed; SIGINT then ends the session and prints its summary.
        usleep(300_000)
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        process.waitUntilExit()
        result.cpuS = ResourceUsage(RUSAGE_CHILDREN).cpuS - usageBefore
        result.loadAverage = Self.loadAverage()
        let text = stderrText.finish()
        guard process.terminationStatus == 130 || process.terminationStatus == 0,
              let line = text.split(separator: "\n").last(where: { $0.hasPrefix("Session ") }) else {
            throw BenchError.referenceFailed(program: "\(options.bowlertrax) live", status: process.terminationStatus, stderr: text)
        }
        // "Session 1 closed: 2 shots, 555 frames captured, 555 processed, 0 dropped (0 by the driver, 0 by the queue)."
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 7 else { throw BenchError.unreadableOutput(program: "\(options.bowlertrax) live", output: String(line)) }
        (result.shots, result.captured, result.processed, result.driverDrops, result.queueDrops) = (numbers[1], numbers[2], numbers[3], numbers[5], numbers[6])
        return result
    }

    /// The 1-minute load average, 0 if /proc/loadavg cannot be read.
    static func loadAverage() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return 0 }
        return Double(text.split(separator: " ").first ?? "") ?? 0
    }
}
