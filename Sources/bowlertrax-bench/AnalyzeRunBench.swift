import BowlerTraxKit
import Foundation

/// Whole `bowlertrax analyze CLIP --no-save --json` runs on one file, with the ball colour and with no ball option
/// (issue 16's real-footage path), beside `ffmpeg -f null`; best of `repeats` runs each, interleaved as in
/// `ThroughputBench`. The tool's time is the wall time of its process, start-up included.
struct AnalyzeRunBench {
    let path: String
    let options: BenchOptions

    struct Result {
        var frames = 0
        var ffmpegS = Double.infinity
        var colourS = Double.infinity
        var noBallS = Double.infinity
        var colourShots = 0
        var noBallShots = 0
    }

    func run() throws -> Result {
        var result = Result()
        for _ in 0..<options.repeats {
            result.ffmpegS = min(result.ffmpegS, try ThroughputBench.ffmpegS(path: path, options: options))
            let colour = try analyze(["--ball-hsv", options.ballHSVText])
            result.colourS = min(result.colourS, colour.seconds)
            let noBall = try analyze([])
            result.noBallS = min(result.noBallS, noBall.seconds)
            (result.frames, result.colourShots, result.noBallShots) = (colour.frames, colour.shots, noBall.shots)
        }
        return result
    }

    /// One `bowlertrax analyze` run with `ballOptions` added; its wall time and what its JSON document counts.
    private func analyze(_ ballOptions: [String]) throws -> (seconds: Double, frames: Int, shots: Int) {
        let arguments = ["analyze", path, "--calibration", BenchOptions.calibrationPath(for: path), "--threads", "\(options.threads)",
                         "--no-save", "--json"] + ballOptions
        let run = try measureS { try ReferenceProcess.run(options.bowlertrax, arguments) }
        /// Only the counts are read; each shot's fields are left undecoded.
        struct Document: Decodable {
            struct Shot: Decodable {}
            var frames: Int
            var shots: [Shot]
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(run.result.stdout.utf8)) else {
            throw BenchError.unreadableOutput(program: "\(options.bowlertrax) analyze", output: run.result.stdout)
        }
        return (run.seconds, document.frames, document.shots.count)
    }
}
