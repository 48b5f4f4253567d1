import BowlerTraxKit
import Foundation

/// Prints what the bench measured as Markdown tables, and checks the targets of issue 7.
struct BenchReport {
    var stages: [(clip: String, result: StageBench.Result)] = []
    var throughput: [(clip: String, result: ThroughputBench.Result)] = []
    /// Issue 16's real-footage path (BenchReport+RealFootage.swift): its stages, and whole `analyze` runs with and without the colour.
    var motionStages: [(clip: String, result: MotionStageBench.Result)] = []
    var analyzeRuns: [(clip: String, result: AnalyzeRunBench.Result)] = []
    var memory: (clip: String, frames: Int, shots: Int, maxRSSkB: Int)?
    var live: [(clip: String, result: LiveBench.Result)] = []
    /// Issue 18: the analysis with and without `--annotate`.
    var annotation: [(clip: String, result: AnnotateBench.Result)] = []
    let threads: Int

    static func ms(_ value: Double) -> String { String(format: "%.3f", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
    /// Frames per second, one decimal.
    static func fps(_ frames: Int, _ seconds: Double) -> String { String(format: "%.1f", Double(frames) / seconds) }

    /// A Markdown table under its caption: the header, its rule, a row per entry of `rows`.
    static func table(_ caption: String, columns: [String], rows: [[String]]) -> String {
        ([caption, "", "| " + columns.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: columns.count)]
            + rows.map { "| " + $0.joined(separator: " | ") + " |" }).joined(separator: "\n")
    }

    func stageTable() -> String {
        var lines = ["Per-stage time per frame in ms: decode in wall time (\(threads) decoder threads), the rest in CPU time of the one thread that runs them (mean; p99 where given; wall-time p99 in brackets):", "",
                     "| clip | frames | decode | threshold | components | detection | detection p99 | tracked detection p99 | full search p99 | tracking | measurement per shot |",
                     "|---|---|---|---|---|---|---|---|---|---|---|"]
        for (clip, r) in stages {
            let cpu = { (samples: TimingSamples) in Self.ms(samples.meanMs(.threadCPU)) }
            let p99 = { (samples: TimingSamples) in "\(Self.ms(samples.quantileMs(0.99, .threadCPU))) (\(Self.ms(samples.quantileMs(0.99, .wall))))" }
            lines.append("| \(Self.name(clip)) \(r.size) | \(r.decode.count) | \(Self.ms(r.decode.meanMs(.wall))) | \(cpu(r.threshold)) | "
                + "\(cpu(r.components)) | \(cpu(r.detection)) | \(p99(r.detection)) | \(p99(r.trackedDetection)) over \(r.trackedDetection.count) | "
                + "\(p99(r.fullDetection)) over \(r.fullDetection.count) | \(cpu(r.tracking)) | \(cpu(r.measurement)) (\(r.measurement.count) shots) |")
        }
        return lines.joined(separator: "\n")
    }

    func throughputTable() -> String {
        Self.table("Whole video, frames per second (best of the runs) and ratios, all with \(threads) decoder threads:",
                   columns: ["clip", "frames", "ffmpeg -f null", "our decoder", "our analysis", "OpenCV script", "analysis / ffmpeg time",
                             "analysis / our decoder time", "OpenCV / analysis time"],
                   rows: throughput.map { clip, r in
                       [Self.name(clip), "\(r.frames)", Self.fps(r.frames, r.ffmpegS), Self.fps(r.frames, r.decoderS), Self.fps(r.frames, r.analysisS),
                        Self.fps(r.opencvFrames, r.opencvS), Self.ratio(r.analysisS / r.ffmpegS), Self.ratio(r.analysisS / r.decoderS),
                        Self.ratio(r.opencvS / r.analysisS)]
                   })
    }

    func annotationTable() -> String {
        Self.table("Whole analysis with the annotated video written (`--annotate`) and without, frames per second (best of the runs), \(threads) decoder threads; CPU: user + system time of every thread:",
                   columns: ["clip", "frames", "codec", "analysis", "annotated", "annotated / analysis time", "annotated / analysis CPU time"],
                   rows: annotation.map { clip, r in
                       [Self.name(clip), "\(r.frames)", r.codec, Self.fps(r.frames, r.plainS), Self.fps(r.frames, r.annotatedS),
                        Self.ratio(r.annotatedS / r.plainS), Self.ratio(r.annotatedCPUS / r.plainCPUS)]
                   })
    }

    func liveTable() -> String {
        var lines = ["`bowlertrax live` on the emulated camera serving each clip as MJPEG in real time (CPU: user + system time of the live process per frame served; load: 1-minute load average at the end):", "",
                     "| clip | mode | frames served | captured | processed | dropped by the driver | dropped by the queue | shots | CPU per frame | load |",
                     "|---|---|---|---|---|---|---|---|---|---|"]
        for (clip, r) in live {
            lines.append("| \(Self.name(clip)) | \(r.size) MJPEG \(Int(r.fps)) fps | \(r.framesServed) | \(r.captured) | \(r.processed) | \(r.driverDrops) | "
                + "\(r.queueDrops) | \(r.shots) | \(Self.ms(r.cpuS * 1000 / Double(r.framesServed))) ms | \(String(format: "%.2f", r.loadAverage)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// One line per target, PASS or FAIL, on the last clip (the 1080p60 one) and the long clip.
    func targets() -> (lines: [String], allPass: Bool) {
        var lines: [String] = []
        var allPass = true
        func check(_ pass: Bool, _ text: String) {
            allPass = allPass && pass
            lines.append("\(pass ? "PASS" : "FAIL")  \(text)")
        }
        if let (clip, r) = throughput.last {
            // Decode-only is the faster of ffmpeg and our own decoder: the stricter of the two.
            let decodeS = min(r.ffmpegS, r.decoderS)
            let ratio = r.analysisS / decodeS
            check(ratio <= 1.15, "whole analysis / decode-only on \(Self.name(clip)): \(Self.ratio(ratio)) (target at most 1.15x)")
            let speedup = r.opencvS / r.analysisS
            check(speedup >= 3, "OpenCV script time / our analysis time on \(Self.name(clip)): \(Self.ratio(speedup)) (target at least 3x)")
        }
        if let (clip, r) = stages.last {
            let tracked = r.trackedDetection.quantileMs(0.99, .threadCPU), full = r.fullDetection.quantileMs(0.99, .threadCPU)
            check(r.trackedDetection.count > 0 && tracked < 2, "detection p99 once tracked on \(Self.name(clip)): \(Self.ms(tracked)) ms CPU over \(r.trackedDetection.count) frames (target under 2 ms)")
            check(full < 6, "detection p99 full-frame search on \(Self.name(clip)): \(Self.ms(full)) ms CPU over \(r.fullDetection.count) frames (target under 6 ms)")
        }
        if let (clip, r) = annotation.last {
            let ratio = r.annotatedS / r.plainS
            check(ratio <= 1.5, "annotated / plain analysis time on \(Self.name(clip)): \(Self.ratio(ratio)) (\(r.codec); target at most 1.5x)")
        }
        if let memory {
            let megabytes = Double(memory.maxRSSkB) * 1024 / 1e6
            check(megabytes < 100, "max RSS analysing \(Self.name(memory.clip)) (\(memory.frames) frames, \(memory.shots) shots): \(String(format: "%.1f", megabytes)) MB (target under 100 MB)")
        }
        for (clip, r) in live {
            check(r.dropped == 0 && r.captured == r.framesServed && r.processed == r.captured,
                  "live on the emulated camera, \(Self.name(clip)) (\(r.size) MJPEG \(Int(r.fps)) fps): \(r.captured) of \(r.framesServed) frames captured, \(r.processed) processed, \(r.dropped) dropped (target 0 dropped)")
        }
        return (lines, allPass)
    }
}
