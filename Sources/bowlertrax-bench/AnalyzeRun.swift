import Foundation

/// One `bowlertrax analyze CLIP --no-save --json` process, as a user runs it: its output and what its JSON counts.
enum AnalyzeRun {
    struct Result {
        var output: ReferenceProcess.Output
        var frames: Int
        var shots: Int
    }

    /// Runs `analyze` on `path` with its calibration, `threads` decoder threads (0: every core), `extra` arguments
    /// added, on CPU `core` alone when one is given.
    static func run(_ path: String, threads: Int, core: Int? = nil, extra: [String], options: BenchOptions) throws -> Result {
        let arguments = ["analyze", path, "--calibration", BenchOptions.calibrationPath(for: path), "--threads", "\(threads)",
                         "--no-save", "--json"] + extra
        let output = try ReferenceProcess.run(options.bowlertrax, arguments, core: core)
        /// Only the counts are read; each shot's fields are left undecoded.
        struct Document: Decodable {
            struct Shot: Decodable {}
            var frames: Int
            var shots: [Shot]
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: Data(output.stdout.utf8)) else {
            throw BenchError.unreadableOutput(program: "\(options.bowlertrax) analyze", output: output.stdout)
        }
        return Result(output: output, frames: document.frames, shots: document.shots.count)
    }
}
