import BowlerTraxKit
import Foundation

/// Prints what the bench measured as Markdown tables, and checks the targets of issue 7.
struct BenchReport {
    var stages: [(clip: String, result: StageBench.Result)] = []
    /// Whole videos at one core and at all cores; `moving`: from a moving camera, judged on its run with no ball option.
    var wholeVideo: [(clip: String, moving: Bool, results: [WholeVideoBench.Result])] = []
    /// The programs the whole videos were compared with (`WholeVideoBench.versions`).
    var versions = ""
    /// Issue 16's real-footage path (BenchReport+RealFootage.swift): its stages.
    var motionStages: [(clip: String, result: MotionStageBench.Result)] = []
    var memory: (clip: String, frames: Int, shots: Int, threads: Int, maxRSSkB: Int)?
    var live: [(clip: String, result: LiveBench.Result)] = []
    /// Issue 18: the analysis with and without `--annotate`.
    var annotation: [(clip: String, result: AnnotateBench.Result)] = []
    let threads: Int

    static func ms(_ value: Double) -> String { String(format: "%.3f", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
    /// Wall-time ratio of two runs, the CPU-time ratio in brackets.
    static func ratios(_ a: WholeVideoBench.Run, _ b: WholeVideoBench.Run) -> String {
        "\(ratio(a.wallS / b.wallS)) (\(ratio(a.cpuS / b.cpuS)))"
    }

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

    func wholeVideoTable() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var lines = ["Whole video, wall time in seconds (best of the runs), in brackets the most threads the process ran at once and its CPU time over "
                     + "that wall time (the cores it kept busy). One core: every process pinned to CPU 0 (`taskset -c 0`), ffmpeg `-threads 1`, "
                     + "`analyze --threads 1`, OpenCV one thread; all \(cores) cores: no pinning, ffmpeg `-threads 0`, `analyze --threads 0`, "
                     + "OpenCV's defaults. Each process is timed whole, start-up included, but the OpenCV script (its loop alone). Ratios of wall time, "
                     + "CPU time in brackets; on one core the targets are judged on CPU time (a process pinned to a core other users share gets an "
                     + "arbitrary part of it: its CPU time is what its wall time would be alone), on all cores on wall time:", "",
                     "| clip | camera | cores | frames | ffmpeg -f null | analyze, ball colour | analyze, no ball option | OpenCV script | colour / ffmpeg | no ball / ffmpeg | OpenCV / colour |",
                     "|---|---|---|---|---|---|---|---|---|---|---|"]
        for (clip, moving, results) in wholeVideo {
            for r in results {
                func cell(_ run: WholeVideoBench.Run) -> String {
                    String(format: "%.3f (%d, %.2f)", run.wallS, run.peakThreads, run.coresBusy)
                }
                lines.append("| \(Self.name(clip)) | \(moving ? "moving" : "fixed") | \(r.cores == .one ? "1" : "all \(cores)") | \(r.frames) | "
                    + "\(cell(r.ffmpeg)) | \(cell(r.colour)) | \(r.noBall.map(cell) ?? "") | \(cell(r.opencv)) | \(Self.ratios(r.colour, r.ffmpeg)) | "
                    + "\(r.noBall.map { Self.ratios($0, r.ffmpeg) } ?? "") | \(Self.ratios(r.opencv, r.colour)) |")
            }
        }
        return lines.joined(separator: "\n")
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

    /// One line per target, PASS or FAIL: whole videos on every clip, detection on the last clip of the stage table, the long clip, live.
    func targets() -> (lines: [String], allPass: Bool) {
        var lines: [String] = []
        var allPass = true
        func check(_ pass: Bool, _ text: String) {
            allPass = allPass && pass
            lines.append("\(pass ? "PASS" : "FAIL")  \(text)")
        }
        for (clip, moving, results) in wholeVideo {
            for r in results {
                // One core: CPU time (see `wholeVideoTable`); all cores: wall time.
                let cores = r.cores == .one ? "one core, CPU time" : "all cores, wall time"
                let time = { (run: WholeVideoBench.Run) in r.cores == .one ? run.cpuS : run.wallS }
                if moving, let noBall = r.noBall {
                    let ratio = time(noBall) / time(r.ffmpeg)
                    check(ratio <= 1.5, "analyze (no ball option) / ffmpeg decode-only on \(Self.name(clip)) (moving camera), \(cores): \(Self.ratio(ratio)) (target at most 1.5x)")
                } else if !moving {
                    let ratio = time(r.colour) / time(r.ffmpeg)
                    check(ratio <= 1.15, "analyze / ffmpeg decode-only on \(Self.name(clip)), \(cores): \(Self.ratio(ratio)) (target at most 1.15x)")
                }
                let speedup = time(r.opencv) / time(r.colour)
                check(speedup >= 3, "OpenCV script / analyze (ball colour) on \(Self.name(clip)), \(cores): \(Self.ratio(speedup)) (target at least 3x)")
            }
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
            check(megabytes < 100, "max RSS analysing \(Self.name(memory.clip)) (\(memory.frames) frames, \(memory.shots) shots, \(memory.threads) decoder threads): \(String(format: "%.1f", megabytes)) MB (target under 100 MB)")
        }
        for (clip, r) in live {
            check(r.dropped == 0 && r.captured == r.framesServed && r.processed == r.captured,
                  "live on the emulated camera, \(Self.name(clip)) (\(r.size) MJPEG \(Int(r.fps)) fps): \(r.captured) of \(r.framesServed) frames captured, \(r.processed) processed, \(r.dropped) dropped (target 0 dropped)")
        }
        return (lines, allPass)
    }
}
