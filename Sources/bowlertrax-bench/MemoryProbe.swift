import BowlerTraxKit
import Foundation

/// Peak memory of a whole analysis: `bowlertrax analyze --benchmark`, the program users run, in a process of its own,
/// reports its own peak (VmHWM). The bench cannot measure it from outside: Linux carries the spawning process's peak,
/// hundreds of MB here, over exec into the child's ru_maxrss.
enum MemoryProbe {
    /// Analyses `path` with the decoder threads `analyze` uses by default (every core: each frame thread holds pictures
    /// of its own); returns frames, shots, those threads and peak RSS in kB.
    static func measure(path: String, options: BenchOptions) throws -> (frames: Int, shots: Int, threads: Int, maxRSSkB: Int) {
        let threads = VideoAnalyzer.defaultDecoderThreads
        let run = try AnalyzeRun.run(path, threads: threads, extra: ["--ball-hsv", options.ballHSVText, "--benchmark"], options: options)
        guard let field = run.output.stderr.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("maxrss=") }),
              let kB = Int(field.dropFirst("maxrss=".count).dropLast("kB".count)) else {
            throw BenchError.unreadableOutput(program: "\(options.bowlertrax) analyze --benchmark", output: run.output.stderr)
        }
        return (run.frames, run.shots, threads, kB)
    }
}
