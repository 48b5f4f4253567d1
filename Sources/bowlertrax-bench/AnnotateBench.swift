import BowlerTraxKit
import Foundation

/// Issue 18's cost of `--annotate`: the whole analysis of one clip with and without the annotated video written
/// (to a temporary file), best of `repeats` runs each, interleaved so that load from other users of the machine falls
/// on both alike. Wall time is the target's measure; the process's CPU time (every thread) is given beside it, the
/// steadier figure on a shared machine.
struct AnnotateBench {
    let path: String
    let options: BenchOptions

    struct Result {
        var frames = 0
        var codec = ""
        var plainS = Double.infinity
        var annotatedS = Double.infinity
        var plainCPUS = Double.infinity
        var annotatedCPUS = Double.infinity
    }

    func run() throws -> Result {
        var result = Result()
        let calibration = try BenchOptions.calibration(for: path)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bowlertrax-bench-annotated-\(getpid()).mp4").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        for _ in 0..<options.repeats {
            let analyzer = VideoAnalyzer(profile: options.profile, calibration: calibration, hand: .right, decoderThreads: options.threads)
            let plain = try Self.measure { try analyzer.analyze(path: path) }
            result.plainS = min(result.plainS, plain.seconds)
            result.plainCPUS = min(result.plainCPUS, plain.cpuS)
            result.frames = plain.result.frames
            let annotated = try Self.measure { () throws -> AnalysisResult in
                let decoder = try VideoAnalyzer.open(path: path, decoderThreads: options.threads)
                let annotator = try VideoAnnotator(path: output, size: PixelSize(width: decoder.width, height: decoder.height), timeBase: decoder.timeBase,
                                                   frameRate: decoder.frameRate, calibration: calibration)
                result.codec = annotator.codec.rawValue
                return try analyzer.analyze(decoder, annotator: annotator)
            }
            result.annotatedS = min(result.annotatedS, annotated.seconds)
            result.annotatedCPUS = min(result.annotatedCPUS, annotated.cpuS)
        }
        return result
    }

    /// Wall and process CPU time (user + system, every thread) of `body`.
    private static func measure<T>(_ body: () throws -> T) throws -> (seconds: Double, cpuS: Double, result: T) {
        let cpuStart = ResourceUsage(RUSAGE_SELF).cpuS
        let timed = try measureS(body)
        return (timed.seconds, ResourceUsage(RUSAGE_SELF).cpuS - cpuStart, timed.result)
    }
}
