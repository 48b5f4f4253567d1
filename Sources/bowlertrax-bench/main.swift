import BowlerTraxKit
import Foundation

// bowlertrax-bench: issue 7's benchmark, and issue 16's real-footage path timed. scripts/bench renders the clips and runs it.

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    if code == 64 { FileHandle.standardError.write(Data("\(BenchOptions.usage)\nSee 'bowlertrax-bench --help' for more information.\n".utf8)) }
    exit(code)
}

func note(_ message: String) {
    FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
}

// `bowlertrax-bench store …`: issue 20's load benchmark of a shared PostgreSQL store (scripts/bench-store).
if CommandLine.arguments.dropFirst().first == "store" {
    do { try StoreLoadBench.run(Array(CommandLine.arguments.dropFirst(2))) } catch let error as BenchError { fail("\(error)", code: 64) } catch { fail("\(error)", code: 1) }
    exit(0)
}

let options: BenchOptions
do { options = try BenchOptions(Array(CommandLine.arguments.dropFirst())) } catch { fail("\(error)", code: 64) }
if options.helpRequested {
    print(BenchOptions.help)
    exit(0)
}

do {
    if options.decodeOnly {
        let decoder = try FrameDecoder(path: options.clips[0], threads: options.threads)
        var frames = 0
        while try decoder.nextFrame() != nil { frames += 1 }
        print("frames=\(frames)")
        exit(0)
    }
    if options.mapPoints {
        try RegistrationCheck(path: options.clips[0], points: options.points, threads: options.threads).run().forEach { print($0) }
        exit(0)
    }
    if options.lanePoints, let path = options.calibration {
        let calibration = try LaneCalibration.load(path: path, videoSize: nil)
        for pixel in options.pixels {
            let lane = calibration.lanePosition(xPx: pixel.x, yPx: pixel.y, heightFt: 0)
            print("\(pixel.x) \(pixel.y) -> " + (lane.map { "\(Lane.board(lateralFt: $0.lateralFt)) \($0.distanceFt)" } ?? "behind the camera"))
        }
        exit(0)
    }
    var report = BenchReport(threads: options.threads)
    if options.annotateOnly {
        for clip in options.clips {
            note("whole video on \(clip) with and without the annotated video, \(options.repeats) runs each")
            report.annotation.append((clip, try AnnotateBench(path: clip, options: options).run()))
        }
        print(report.annotationTable())
        print("")
        let targets = report.targets()
        targets.lines.forEach { print($0) }
        exit(targets.allPass ? 0 : 1)
    }
    let loadAtStart = LiveBench.loadAverage()
    for clip in options.clips {
        note("stages on \(clip)")
        report.stages.append((clip, try StageBench(path: clip, profile: options.profile, threads: options.threads).run()))
    }
    for clip in options.motionClips {
        note("real-footage stages on \(clip)")
        report.motionStages.append((clip, try MotionStageBench(path: clip, profile: options.profile, threads: options.threads).run()))
    }
    if !options.stagesOnly {
        report.versions = try WholeVideoBench.versions(options: options)
        // Every clip once, in the order given; a --motion-clip that is no --clip comes from a moving camera.
        for clip in options.clips + options.motionClips.filter({ !options.clips.contains($0) }) {
            let moving = !options.clips.contains(clip), noBall = options.motionClips.contains(clip)
            let results = try WholeVideoBench.Cores.allCases.map { cores in
                note("whole video on \(clip), \(cores == .one ? "one core" : "all cores"): \(options.repeats) runs each of ffmpeg, analyze\(noBall ? " (ball colour, no ball option)" : ""), OpenCV")
                return try WholeVideoBench(path: clip, options: options, noBallOption: noBall).run(cores)
            }
            report.wholeVideo.append((clip, moving, results))
        }
        for clip in options.clips {
            note("whole video on \(clip) with and without the annotated video, \(options.repeats) runs each")
            report.annotation.append((clip, try AnnotateBench(path: clip, options: options).run()))
        }
        if let long = options.longClip {
            note("memory on \(long)")
            let measured = try MemoryProbe.measure(path: long, options: options)
            report.memory = (long, measured.frames, measured.shots, measured.threads, measured.maxRSSkB)
        }
        for clip in options.liveClips {
            note("live on the emulated camera: \(clip)")
            report.live.append((clip, try LiveBench(clip: clip, options: options).run()))
        }
    }
    print(report.stageTable())
    print("")
    if !report.motionStages.isEmpty {
        print(report.motionStageTable())
        print("")
    }
    if !options.stagesOnly {
        print(report.versions)
        print("")
        print(report.wholeVideoTable())
        print("")
        print(report.annotationTable())
        print("")
        if !report.live.isEmpty {
            print(report.liveTable())
            print("")
        }
    }
    print(String(format: "Load average (1 minute) when the bench started: %.2f, at its end: %.2f (on %d cores).", loadAtStart, LiveBench.loadAverage(),
                 ProcessInfo.processInfo.activeProcessorCount))
    print("")
    let targets = report.targets()
    targets.lines.forEach { print($0) }
    exit(targets.allPass ? 0 : 1)
} catch {
    fail("\(error)", code: 1)
}
