import BowlerTraxKit
import Foundation

/// Peak memory of a whole analysis, measured in a fresh process so nothing else the bench did counts.
enum MemoryProbe {
    /// The process's maximum resident set so far, in kB: VmHWM of /proc/self/status. Not getrusage's ru_maxrss, which
    /// Linux carries over exec from the process that spawned this one (the bench, hundreds of MB after the real-footage
    /// stages), while VmHWM belongs to this program's own address space.
    static func maxRSSkB() throws -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = line.split(separator: " ").compactMap({ Int($0) }).first else {
            throw BenchError.unreadableOutput(program: "/proc/self/status", output: status)
        }
        return kB
    }

    /// The child's side: analyses `path` and prints `frames=<n> shots=<n> max_rss_kb=<n>`.
    static func analyseAndReport(path: String, options: BenchOptions) throws {
        let calibration = try BenchOptions.calibration(for: path)
        let analyzer = VideoAnalyzer(profile: options.profile, calibration: calibration, hand: .right, decoderThreads: options.threads)
        let result = try analyzer.analyze(path: path)
        print("frames=\(result.frames) shots=\(result.shots.count) max_rss_kb=\(try maxRSSkB())")
    }

    /// The parent's side: runs this executable with --rss-only on `path` with the decoder threads `analyze` uses by
    /// default (every core: each frame thread holds pictures of its own); returns frames, shots, those threads and peak
    /// RSS in kB.
    static func measure(path: String, options: BenchOptions) throws -> (frames: Int, shots: Int, threads: Int, maxRSSkB: Int) {
        let executable = Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
        let threads = VideoAnalyzer.defaultDecoderThreads
        let output = try ReferenceProcess.run(executable, ["--rss-only", "--clip", path, "--ball-hsv", options.ballHSVText, "--threads", "\(threads)"])
        var fields: [String: Int] = [:]
        for pair in output.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let number = Int(parts[1]) { fields[String(parts[0])] = number }
        }
        guard let frames = fields["frames"], let shots = fields["shots"], let rss = fields["max_rss_kb"] else {
            throw BenchError.unreadableOutput(program: executable, output: output.stdout)
        }
        return (frames, shots, threads, rss)
    }
}
