import Foundation

// MARK: - Issue 16: the real-footage path

extension BenchReport {
    /// One row per stage and clip: the real-footage stages beside decode, and both pipelines whole.
    func motionStageTable() -> String {
        var lines = ["Real-footage stages (issue 16: `analyze` with no ball option) per frame in ms: decode in wall time (\(threads) decoder threads), the rest in CPU time of the one thread that runs them (p99 in wall time in brackets); the last column is the mean over decode's:", "",
                     "| clip | stage | calls | mean | p99 | mean / decode | notes |",
                     "|---|---|---|---|---|---|---|"]
        for (clip, r) in motionStages {
            let decodeMs = r.decode.meanMs(.wall)
            func row(_ stage: String, _ samples: TimingSamples, _ clock: TimingSamples.Clock = .threadCPU, _ notes: String = "") {
                let p99 = Self.ms(samples.quantileMs(0.99, clock)) + (clock == .wall ? "" : " (\(Self.ms(samples.quantileMs(0.99, .wall))))")
                lines.append("| \(Self.name(clip)) \(r.size) | \(stage) | \(samples.count) | \(Self.ms(samples.meanMs(clock))) | \(p99) | "
                    + "\(Self.ratio(samples.meanMs(clock) / decodeMs)) | \(notes) |")
            }
            let searched = "the pipeline runs it on \(r.searchedFrames) of \(r.decode.count) frames"
            row("decode (`FrameDecoder.nextFrame`)", r.decode, .wall)
            row("camera motion (`CameraMotionEstimator.next`)", r.motion, .threadCPU, "\(r.staticFrames) frames static")
            row("change mask (`MovingDiscFinder.register`)", r.changeMask)
            row("moving-disc search (`MovingDiscFinder.discs`)", r.discSearch, .threadCPU, searched)
            row("ball finder (`BallFinder.update`)", r.ballFinder, .threadCPU, searched)
            row("followed ball's disc search (`DiscDetector.search`)", r.followedSearch, .threadCPU, "frames with a ball followed by its shape")
            row("followed ball's look (`BallLook.match`)", r.followedLook, .threadCPU, "frames with a ball followed by its shape and look")
            row("whole pipeline, no ball option (`ShotPipeline.track`)", r.noBallTrack, .threadCPU,
                "\(r.noBallShots) shots; `finishTracking` \(Self.ms(r.noBallFinish.meanMs(.threadCPU))) ms")
            row("whole pipeline, ball colour (`ShotPipeline.track`)", r.colourTrack, .threadCPU, "\(r.colourShots) shots")
        }
        return lines.joined(separator: "\n")
    }

    func analyzeRunTable() -> String {
        Self.table("Whole `bowlertrax analyze CLIP --no-save --json` runs (process start-up included) with the ball colour and with no ball option, frames per second (best of the runs) and time ratios, all with \(threads) decoder threads:",
                   columns: ["clip", "frames", "ffmpeg -f null", "analyze, ball colour", "analyze, no ball option", "colour / ffmpeg time", "no ball / ffmpeg time",
                             "no ball / colour time", "shots (colour, no ball)"],
                   rows: analyzeRuns.map { clip, r in
                       [Self.name(clip), "\(r.frames)", Self.fps(r.frames, r.ffmpegS), Self.fps(r.frames, r.colourS), Self.fps(r.frames, r.noBallS),
                        Self.ratio(r.colourS / r.ffmpegS), Self.ratio(r.noBallS / r.ffmpegS), Self.ratio(r.noBallS / r.colourS), "\(r.colourShots), \(r.noBallShots)"]
                   })
    }
}
