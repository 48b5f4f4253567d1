import BowlerTraxKit
import Foundation

/// The bench's command line: hand-written like bowlertrax's, help in swift-argument-parser's layout.
struct BenchOptions {
    static let usage = "USAGE: bowlertrax-bench --clip <video> [--clip <video> ...] --long-clip <video> --ball-hsv <h,s,v> [options]\n       bowlertrax-bench --decode-only --clip <video> [--threads <n>]\n       bowlertrax-bench --annotate-only --clip <video> [--clip <video> ...] --ball-hsv <h,s,v> [--threads <n>] [--repeats <n>]\n       bowlertrax-bench --map-points --clip <video> --point <frame,x,y> [--point <frame,x,y> ...]\n       bowlertrax-bench --lane-points --calibration <file> --pixel <x,y> [--pixel <x,y> ...]"
    static let help = """
    OVERVIEW: Times BowlerTrax stage by stage and end to end beside FFmpeg and an OpenCV pipeline on the same files.

    \(usage)

    OPTIONS:
      --clip <video>           A clip from a fixed camera, timed stage by stage and whole; its calibration is <video minus extension>.calibration.json. The last one is where the detection targets are checked.
      --long-clip <video>      The long clip whose analysis must stay under the memory target (its calibration sits beside it likewise).
      --ball-hsv <h,s,v>       Ball colour: hue 0-360, saturation and value in percent.
      --threads <n>            Decoder threads of the stage timings; whole videos are timed at one core and at all cores, the memory check runs analyze's default (every core). (default: 2)
      --repeats <n>            Whole-video runs per program; the fastest counts. (default: 3)
      --ffmpeg <path>          The ffmpeg program. (default: ffmpeg)
      --python <path>          Python with opencv-python-headless. (default: python3)
      --opencv-script <path>   The OpenCV reference pipeline. (default: scripts/opencv_pipeline.py)
      --motion-clip <video>    A clip also timed on the real-footage path (no ball option): its stages and both pipelines per frame, and whole runs with no ball option; one that is no --clip is from a moving camera; repeatable.
      --live-clip <video>      A clip served as MJPEG by the emulated camera to `bowlertrax live` in real time, from <video minus extension>.mjpeg/ (one JPEG per frame); repeatable.
      --emulator <lib.so>      The V4L2 camera emulator (scripts/build-v4l2-emulator), needed with --live-clip.
      --bowlertrax <path>      The bowlertrax tool timed on whole videos and run live. (default: bowlertrax beside this program)
      --stages-only            Time the stages only: no whole-video runs, references or memory check.
      --decode-only            Decode the one --clip with our decoder alone and print its frame count (for profilers such as callgrind).
      --annotate-only          Time only the analysis with and without the annotated video on each --clip (issue 18's target on the last).
      --map-points             Follow the camera through the one --clip as analyze does and print where each --point lands in frame 0's picture (scripts/validate-real's registration check).
      --point <frame,x,y>      With --map-points, a pixel of a later frame; repeatable.
      --lane-points            Print where each --pixel lies on the lane surface through the --calibration, as analyze reads it (scripts/validate-real's check of hand-marked landmarks).
      --calibration <file>     With --lane-points, a calibration JSON (calibrate --out).
      --pixel <x,y>            With --lane-points, a pixel of the calibration's picture; repeatable.
      -h, --help               Show help information.
    """

    var clips: [String] = []
    var longClip: String?
    var profile = BallProfile(colors: [])
    var threads = 2
    var repeats = 3
    var ffmpeg = "ffmpeg"
    var python = "python3"
    var opencvScript = "scripts/opencv_pipeline.py"
    /// Clips timed on the real-footage path (no ball option) as well.
    var motionClips: [String] = []
    var liveClips: [String] = []
    var emulator = ""
    var bowlertrax = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bowlertrax").path
    var decodeOnly = false
    var stagesOnly = false
    var annotateOnly = false
    var mapPoints = false
    /// With --map-points: pixels of later frames.
    var points: [(frame: Int, x: Double, y: Double)] = []
    var lanePoints = false
    /// With --lane-points: the calibration and the pixels read through it.
    var calibration: String?
    var pixels: [(x: Double, y: Double)] = []
    var helpRequested = false
    /// The ball colour as given, passed on to the OpenCV script.
    var ballHSVText = ""

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let value = rest.popFirst() else { throw BenchError.usage("\(name) needs a value") }
            return value
        }
        func count(_ name: String, from low: Int) throws -> Int {
            guard let number = Int(try value(name)), number >= low else { throw BenchError.usage("give \(name) a whole number from \(low)") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": helpRequested = true; return
            case "--clip": clips.append(try value(argument))
            case "--long-clip": longClip = try value(argument)
            case "--ball-hsv":
                ballHSVText = try value(argument)
                profile = BallProfile(colors: [try HSVColor(parsing: ballHSVText)])
            case "--threads": threads = try count(argument, from: 1)
            case "--repeats": repeats = try count(argument, from: 1)
            case "--ffmpeg": ffmpeg = try value(argument)
            case "--python": python = try value(argument)
            case "--opencv-script": opencvScript = try value(argument)
            case "--motion-clip": motionClips.append(try value(argument))
            case "--live-clip": liveClips.append(try value(argument))
            case "--emulator": emulator = try value(argument)
            case "--bowlertrax": bowlertrax = try value(argument)
            case "--decode-only": decodeOnly = true
            case "--stages-only": stagesOnly = true
            case "--annotate-only": annotateOnly = true
            case "--map-points": mapPoints = true
            case "--point":
                let text = try value(argument), parts = text.split(separator: ",").map { Double($0) }
                guard parts.count == 3, let frame = parts[0], let x = parts[1], let y = parts[2], frame >= 0, frame == frame.rounded()
                else { throw BenchError.usage("give --point as frame,x,y (a frame number and a pixel), not '\(text)'") }
                points.append((Int(frame), x, y))
            case "--lane-points": lanePoints = true
            case "--calibration": calibration = try value(argument)
            case "--pixel":
                let text = try value(argument), parts = text.split(separator: ",").map { Double($0) }
                guard parts.count == 2, let x = parts[0], let y = parts[1] else { throw BenchError.usage("give --pixel as x,y, not '\(text)'") }
                pixels.append((x, y))
            default: throw BenchError.usage("unknown argument \(argument)")
            }
        }
        if lanePoints {
            guard calibration != nil else { throw BenchError.usage("give the --calibration to read --lane-points through") }
            guard !pixels.isEmpty else { throw BenchError.usage("give at least one --pixel with --lane-points") }
            return
        }
        if decodeOnly || mapPoints {
            guard clips.count == 1 else { throw BenchError.usage("\(decodeOnly ? "--decode-only" : "--map-points") takes exactly one --clip") }
            if mapPoints && points.isEmpty { throw BenchError.usage("give at least one --point with --map-points") }
            return
        }
        if profile.colors.isEmpty { throw BenchError.usage("give the ball's colour with --ball-hsv") }
        if !liveClips.isEmpty && emulator.isEmpty { throw BenchError.usage("give the camera emulator with --emulator for --live-clip") }
        guard !clips.isEmpty else { throw BenchError.usage("give at least one --clip") }
        guard longClip != nil || stagesOnly || annotateOnly else { throw BenchError.usage("give the memory check's --long-clip") }
    }

    /// The calibration file that sits beside `video`.
    static func calibrationPath(for video: String) -> String {
        URL(fileURLWithPath: video).deletingPathExtension().path + ".calibration.json"
    }

    /// The calibration for `video`, loaded and checked against its frame size.
    static func calibration(for video: String, size: PixelSize) throws -> LaneCalibration {
        try LaneCalibration.load(path: calibrationPath(for: video), videoSize: size)
    }

    /// The calibration for `video`, its frame size read with a decoder that is closed again at once
    /// (an open decoder keeps its codec contexts, megabytes at 1080p, which the annotation timing must not count).
    static func calibration(for video: String) throws -> LaneCalibration {
        let size = try { () throws -> PixelSize in
            let probe = try FrameDecoder(path: video)
            return PixelSize(width: probe.width, height: probe.height)
        }()
        return try calibration(for: video, size: size)
    }
}
