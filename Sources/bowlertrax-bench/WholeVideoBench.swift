import BowlerTraxKit
import Foundation

/// Whole-video time of `bowlertrax analyze` beside FFmpeg's decode-only time and the OpenCV pipeline on one clip, at
/// one core and at all cores, best of `repeats` runs each.
///
/// Every side is a process of its own, timed whole (start-up included) but for the OpenCV script, whose loop time is
/// taken (interpreter start-up and imports excluded, in its favour). One core: each process pinned to CPU 0 with
/// `taskset`, every program told to use one thread; all cores: no pinning, every program left to choose (ffmpeg and
/// `analyze` `--threads 0`, OpenCV's defaults). The threads each process ran and the cores it kept busy are measured,
/// not assumed. Runs are interleaved (ffmpeg, analyze, OpenCV, then again) so that load from other users of the
/// machine falls on all of them alike.
struct WholeVideoBench {
    let path: String
    let options: BenchOptions
    /// Also analysed with no ball option (the real-footage path: camera motion, moving discs).
    let noBallOption: Bool

    enum Cores: CaseIterable {
        case one, all

        /// The CPU every process is pinned to, if any.
        var core: Int? { self == .one ? 0 : nil }
        /// The thread count every program is told: 0 lets it choose.
        var threads: Int { self == .one ? 1 : 0 }
    }

    /// The fastest of a program's runs.
    struct Run {
        var wallS = Double.infinity
        var cpuS = 0.0
        var peakThreads = 0

        /// Keeps the run if it is the fastest so far.
        mutating func keepFaster(wallS: Double, cpuS: Double, peakThreads: Int) {
            guard wallS < self.wallS else { return }
            (self.wallS, self.cpuS, self.peakThreads) = (wallS, cpuS, peakThreads)
        }

        mutating func keepFaster(_ output: ReferenceProcess.Output) {
            keepFaster(wallS: output.wallS, cpuS: output.cpuS, peakThreads: output.peakThreads)
        }

        /// CPU time over wall time: the cores it kept busy on average.
        var coresBusy: Double { cpuS / wallS }
    }

    struct Result {
        var cores = Cores.one
        var frames = 0
        var ffmpeg = Run()
        var colour = Run()
        var colourShots = 0
        /// Nil unless the clip is analysed with no ball option too.
        var noBall: Run?
        var noBallShots = 0
        var opencv = Run()
        var opencvFrames = 0
    }

    /// The programs compared, with their versions: the ffmpeg program's, the FFmpeg libraries `analyze` runs on, and
    /// the OpenCV and NumPy the script imports.
    static func versions(options: BenchOptions) throws -> String {
        let ffmpeg = try ReferenceProcess.run(options.ffmpeg, ["-version"]).stdout.split(separator: "\n").first.map(String.init) ?? "?"
        let python = try ReferenceProcess.run(options.python, ["-c", "import cv2, numpy; print(cv2.__version__, numpy.__version__)"]).stdout
        let words = python.split(whereSeparator: \.isWhitespace).map(String.init)
        let opencv = words.first ?? "?", numpy = words.count > 1 ? words[1] : "?"
        return "Compared: \(ffmpeg); bowlertrax on \(FrameDecoder.libraryVersion); the OpenCV script on OpenCV \(opencv) (opencv-python-headless), NumPy \(numpy)."
    }

    func run(_ cores: Cores) throws -> Result {
        var result = Result(cores: cores, noBall: noBallOption ? Run() : nil)
        for _ in 0..<options.repeats {
            result.ffmpeg.keepFaster(try ReferenceProcess.run(options.ffmpeg, ["-nostdin", "-hide_banner", "-nostats", "-threads", "\(cores.threads)",
                                                                               "-i", path, "-f", "null", "-"], core: cores.core))
            let colour = try analyze(["--ball-hsv", options.ballHSVText], cores)
            result.colour.keepFaster(colour.output)
            (result.frames, result.colourShots) = (colour.frames, colour.shots)
            if noBallOption {
                let noBall = try analyze([], cores)
                result.noBall?.keepFaster(noBall.output)
                result.noBallShots = noBall.shots
            }
            try opencvRun(cores, into: &result)
        }
        return result
    }

    /// One `analyze` run with `ballOptions` added.
    private func analyze(_ ballOptions: [String], _ cores: Cores) throws -> AnalyzeRun.Result {
        try AnalyzeRun.run(path, threads: cores.threads, core: cores.core, extra: ballOptions, options: options)
    }

    /// One run of the OpenCV script: its own loop time and CPU time, the threads its process ran.
    private func opencvRun(_ cores: Cores, into result: inout Result) throws {
        let output = try ReferenceProcess.run(options.python, [options.opencvScript, path, "--ball-hsv", options.ballHSVText,
                                                               "--threads", "\(cores.threads)"], core: cores.core)
        struct Report: Decodable { var frames: Int; var seconds: Double; var cpu_seconds: Double }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(output.stdout.utf8)) else {
            throw BenchError.unreadableOutput(program: options.opencvScript, output: output.stdout)
        }
        result.opencv.keepFaster(wallS: report.seconds, cpuS: report.cpu_seconds, peakThreads: output.peakThreads)
        result.opencvFrames = report.frames
    }
}
