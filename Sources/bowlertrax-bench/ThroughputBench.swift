import BowlerTraxKit
import Foundation

/// Whole-video wall time of our analysis and of the references, on one file, best of `repeats` runs each.
///
/// Runs are interleaved (ffmpeg, our decoder, our analysis, OpenCV, then again) so that load from
/// other users of the machine falls on all of them alike.
struct ThroughputBench {
    let path: String
    let options: BenchOptions

    struct Result {
        var frames = 0
        var shots = 0
        var ffmpegS = Double.infinity
        var decoderS = Double.infinity
        var analysisS = Double.infinity
        var opencvS = Double.infinity
        var opencvFrames = 0
    }

    func run() throws -> Result {
        var result = Result()
        let calibration = try BenchOptions.calibration(for: path)
        for _ in 0..<options.repeats {
            result.ffmpegS = min(result.ffmpegS, try Self.ffmpegS(path: path, options: options))
            let decoded = try measureS { try Self.decodeOnly(path: path, threads: options.threads) }
            result.decoderS = min(result.decoderS, decoded.seconds)
            result.frames = decoded.result
            let analyzer = VideoAnalyzer(profile: options.profile, calibration: calibration, hand: .right, decoderThreads: options.threads)
            let analysed = try measureS { try analyzer.analyze(path: path) }
            result.analysisS = min(result.analysisS, analysed.seconds)
            result.shots = analysed.result.shots.count
            let opencv = try opencvRun()
            result.opencvS = min(result.opencvS, opencv.seconds)
            result.opencvFrames = opencv.frames
        }
        return result
    }

    /// Our decoder alone, with the analysis's thread count; returns the frame count.
    static func decodeOnly(path: String, threads: Int) throws -> Int {
        let decoder = try FrameDecoder(path: path, threads: threads)
        var frames = 0
        while try decoder.nextFrame() != nil { frames += 1 }
        return frames
    }

    /// `ffmpeg -threads N -i FILE -f null -`; the time is its own `-benchmark` real time (start-up excluded).
    static func ffmpegS(path: String, options: BenchOptions) throws -> Double {
        let output = try ReferenceProcess.run(options.ffmpeg, ["-nostdin", "-hide_banner", "-nostats", "-benchmark",
                                                               "-threads", "\(options.threads)", "-i", path, "-f", "null", "-"])
        guard let line = output.stderr.split(separator: "\n").first(where: { $0.contains("rtime=") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("rtime=") }),
              let seconds = Double(field.dropFirst("rtime=".count).dropLast()) else {
            throw BenchError.unreadableOutput(program: options.ffmpeg, output: output.stderr)
        }
        return seconds
    }

    /// The OpenCV script's own loop time (interpreter start-up and imports excluded, in its favour).
    private func opencvRun() throws -> (seconds: Double, frames: Int) {
        let output = try ReferenceProcess.run(options.python, [options.opencvScript, path, "--ball-hsv", options.ballHSVText,
                                                               "--threads", "\(options.threads)"])
        struct Report: Decodable { var frames: Int; var seconds: Double }
        guard let report = try? JSONDecoder().decode(Report.self, from: Data(output.stdout.utf8)) else {
            throw BenchError.unreadableOutput(program: options.opencvScript, output: output.stdout)
        }
        return (report.seconds, report.frames)
    }
}
