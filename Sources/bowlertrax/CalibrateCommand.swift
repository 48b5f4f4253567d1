import BowlerTraxKit
import FoundationEssentials

/// `bowlertrax calibrate`: fits a lane calibration on one frame and shows whether it is right.
enum CalibrateCommand {
    static let spec = CommandSpec(
        name: "calibrate",
        overview: "Calibrate a lane on one frame: refit landmarks, find them automatically, or write a page to click them on.",
        usage: "bowlertrax calibrate (--video <file> | --image <file> | --device <path>) (--points <file> | --auto | --html <file>) [options]",
        options: [
            .init(name: "video", value: "file", help: "The video to take the frame from."),
            .init(name: "frame", value: "n", help: "Frame number, counted from 0; pick one with no ball on the lane. (default: 0; with --auto, the median below)"),
            .init(name: "median", value: "n", help: "With --video, use the per-pixel median of n frames over the start of the video where the camera holds still (a fixed camera: all of it, up to 60 s), so people and balls vanish. (default with --auto and no --frame: 15)"),
            .init(name: "image", value: "file", help: "A PNG or JPEG picture of the lane instead of a video."),
            .init(name: "device", value: "path", help: "Take the picture from a V4L2 camera instead, e.g. /dev/video0."),
            .init(name: "size", value: "wxh", help: "With --device, the capture size in pixels. (default: 1280x720)"),
            .init(name: "fps", value: "n", help: "With --device, the capture rate, 30 to 120. (default: 60)"),
            .init(name: "points", value: "file", help: "Calibration JSON whose landmarks are refitted and checked."),
            .init(name: "auto", help: "Find the lane's landmarks in the frame; when a video's first view gives too few, also in the views its camera turns and zooms to, carried back into frame 0."),
            .init(name: "out", value: "file", help: "Write the fitted calibration JSON (what analyze --calibration reads); - for standard output."),
            .init(name: "html", value: "file", help: "Write a self-contained page to click the landmarks on; - for standard output."),
            .init(name: "overlay", value: "file", help: "Write a PNG of the frame with the fitted lane drawn over it; - for standard output."),
            OutputFile.force,
            .init(name: "max-error-px", value: "px", help: "Largest reprojection error allowed for any landmark. (default: 3)"),
            .init(name: "center", value: "name", help: "Save the calibration in the database for this centre (see 'bowlertrax centers')."),
            .init(name: "lane", value: "n", help: "The centre's lane number the calibration is for."),
            HistoryOptions.db,
        ])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if parsed.helpRequested { print(spec.help, terminator: ""); return }
        let options = try validate(parsed)
        try OutputFile.checkWritable(outputs, in: parsed)
        // A file written to standard output keeps it to itself: the tables go to standard error.
        let toStandardOutput = outputs.contains { parsed.value($0) == "-" }
        func show(_ text: String) {
            if toStandardOutput { Streams.standardError(text) } else { print(text, terminator: "") }
        }
        let frame: CalibrationFrame
        switch options.source {
        case .video(let path, let index, nil): frame = try CalibrationFrame(path: path, index: index)
        case .video(let path, _, let count?): frame = try CalibrationFrame(path: path, medianOf: count)
        case .image(let path): frame = try CalibrationFrame(path: path)
        case .device(let path, let size, let fps): frame = try CalibrationFrame(devicePath: path, size: size, fps: fps)
        }
        if let stretch = frame.stretch { show(pictureLine(stretch)) }
        var points: [LandmarkPoint]?
        /// `--auto`'s landmarks, with their fit and the lane's edges that check it.
        var auto: AutoFit?
        var source = "auto"
        if let path = parsed.value("points") {
            let file = try CalibrationFile.load(path: path)
            if file.imageSize != frame.size {
                throw CalibrationError.imageSizeMismatch(path: path, calibration: file.imageSize, video: frame.size)
            }
            points = file.points
            source = path
        } else if parsed.flag("auto") {
            auto = try autoFit(frame, gatheringOver: options.source.medianVideo, maxErrorPx: options.maxErrorPx, show: show)
            points = auto?.points
        }
        if let html = parsed.value("html") {
            let page = CalibrationPage.html(png: try PNGWriter.encode(frame.image, path: html), size: frame.size, points: points ?? StandardLandmarks.all)
            try OutputFile.write(page, to: html)
            if html != "-" {
                show("Wrote \(html): open it in a browser, click each landmark, press Export, then check the export with --points.\n")
            }
        }
        guard let points else { return }
        try CalibrationFile.checkEnoughOnTheLane(points, path: source)
        let file = CalibrationFile(imageSize: frame.size, points: points)
        let calibration = try auto?.calibration ?? LaneCalibration(file: file, source: source, fitDistortion: true)
        show(residualTable(calibration, points: points, maxErrorPx: options.maxErrorPx))
        // The picture is written even for a rejected fit: it is how one sees which point is off.
        if let overlay = parsed.value("overlay") {
            try OutputFile.write(PNGWriter.encode(CalibrationOverlay.render(frame: frame.image, calibration: calibration, points: points), path: overlay), to: overlay)
        }
        try checkResiduals(calibration, source: source, maxErrorPx: options.maxErrorPx)
        if let auto {
            let offset = try auto.checkEdges(calibration)
            let limit = ShotTable.format(LaneEdges.toleranceBoards, 1)
            show(offset <= LaneEdges.toleranceBoards
                 ? "The lane's edges as found \(auto.edgesSeen) read through the fit within \(ShotTable.format(offset, 2)) boards of their own (limit \(limit)).\n"
                 : "The lane's edges as found \(auto.edgesSeen) read through the fit up to \(ShotTable.format(offset, 2)) boards off their own (limit \(limit)): overruled by \(points.count) landmarks fitted from \(ShotTable.format(points.map(\.distanceFt).min() ?? 0, 1)) to \(ShotTable.format(points.map(\.distanceFt).max() ?? 0, 1)) ft (at least \(LaneEdges.overrulingCount) over \(ShotTable.format(LaneEdges.overrulingSpanFt, 0)) ft).\n")
        }
        let fitted = points.count >= LaneCalibration.minPointsForDistortion ? calibration.k1 : nil
        let result = CalibrationFile(imageSize: frame.size, points: points, k1: fitted, videoFrame: options.source.videoFrame)
        if let out = parsed.value("out") {
            try OutputFile.write(result.jsonData(), to: out)
        }
        if let center = parsed.value("center"), let lane = options.lane {
            let store = try HistoryOptions.openStore(parsed)
            let id = try store.saveCalibration(result, center: center, lane: lane)
            show("Saved calibration \(id) for \(center) lane \(lane).\n")
        }
    }

    /// The frames `--auto` takes the median of when given a video and no `--frame` or `--median`.
    static let defaultMedian = 15

    /// Which frames the picture is made of, and why.
    static func pictureLine(_ stretch: StillStretch) -> String {
        let moved: String
        switch stretch.end {
        case .videoEnd: moved = "holds still to the end"
        case .cameraMoved: moved = "moves at frame \(stretch.length)"
        case .readLimit: moved = "is not followed past the first \(JSONText.number(StillStretch.maxSeconds, digits: 0)) s"
        }
        guard stretch.frames.count > 1 else { return "Picture: frame 0 alone (the camera \(moved)).\n" }
        return "Picture: the median of \(stretch.frames.count) frames of 0 to \(stretch.length - 1), where the camera holds still (it \(moved)).\n"
    }

    /// The options that write a file.
    static let outputs = ["out", "html", "overlay"]

    enum Source {
        case video(path: String, frame: Int, median: Int?)
        case image(path: String)
        case device(path: String, size: PixelSize, fps: Double)

        /// The video whose first view the picture is (the median of its still stretch), which `--auto` may look further in:
        /// not one read through a pipe, which the picture has already read.
        var medianVideo: String? {
            if case .video(let path, _, _?) = self, !FrameDecoder.isPipe(path) { return path }
            return nil
        }

        /// The video frame the picture is, when it is a later one than the first (written into the calibration, so a
        /// camera that moves is measured right: `CalibrationFile.inFirstFrame`).
        var videoFrame: Int? {
            if case .video(_, let frame, nil) = self, frame > 0 { return frame }
            return nil
        }
    }

    /// Checks the combination of options before any file is opened.
    static func validate(_ parsed: ParsedArguments) throws -> (source: Source, maxErrorPx: Double, lane: Int?) {
        let source: Source
        let given = ["video", "image", "device"].filter { parsed.value($0) != nil }
        if given.isEmpty { throw UsageError.invalid("give --video, --image or --device", command: spec) }
        if given.count > 1 { throw UsageError.invalid(given.map { "--\($0)" }.joined(separator: " and ") + " exclude each other", command: spec) }
        if let video = parsed.value("video") {
            guard let frame = Int(parsed.value("frame") ?? "0"), frame >= 0 else { throw UsageError.invalid("give --frame a whole number from 0", command: spec) }
            let asked = try parsed.value("median").map { text -> Int in
                guard let count = Int(text), count >= 1 else { throw UsageError.invalid("give --median a whole number from 1", command: spec) }
                return count
            }
            if asked != nil && parsed.value("frame") != nil { throw UsageError.invalid("--frame and --median exclude each other", command: spec) }
            // Frame 0 often has the bowler standing on the foul line or the arrows: --auto looks past him unless told which frame.
            let median = asked ?? (parsed.flag("auto") && parsed.value("frame") == nil ? defaultMedian : nil)
            source = .video(path: video, frame: frame, median: median)
        } else {
            if parsed.value("frame") != nil || parsed.value("median") != nil { throw UsageError.invalid("--frame and --median need --video", command: spec) }
            if let image = parsed.value("image") {
                source = .image(path: image)
            } else {
                let device = parsed.value("device") ?? ""
                let (size, fps) = try LiveCommand.captureMode(parsed, command: spec)
                source = .device(path: device, size: size, fps: fps)
            }
        }
        if parsed.value("device") == nil && (parsed.value("size") != nil || parsed.value("fps") != nil) {
            throw UsageError.invalid("--size and --fps need --device", command: spec)
        }
        if parsed.value("points") == "-" && (parsed.value("video") == "-" || parsed.value("image") == "-") {
            throw UsageError.invalid("the picture and --points cannot both be standard input (-)", command: spec)
        }
        if outputs.filter({ parsed.value($0) == "-" }).count > 1 {
            throw UsageError.invalid("only one of --out, --html and --overlay can go to standard output (-)", command: spec)
        }
        if parsed.value("points") != nil && parsed.flag("auto") { throw UsageError.invalid("--points and --auto exclude each other", command: spec) }
        if parsed.value("points") == nil && !parsed.flag("auto") {
            if parsed.value("html") == nil { throw UsageError.invalid("nothing to do: give --points, --auto or --html", command: spec) }
            for option in ["out", "overlay"] where parsed.value(option) != nil { throw UsageError.invalid("--\(option) needs --points or --auto", command: spec) }
        }
        guard let maxErrorPx = Double(parsed.value("max-error-px") ?? "3"), maxErrorPx > 0, maxErrorPx.isFinite else {
            throw UsageError.invalid("give --max-error-px a value above 0", command: spec)
        }
        if (parsed.value("center") == nil) != (parsed.value("lane") == nil) { throw UsageError.invalid("--center and --lane go together", command: spec) }
        let lane = try parsed.value("lane").map { text -> Int in
            guard let lane = Int(text), lane >= 1 else { throw UsageError.invalid("give --lane a whole number from 1", command: spec) }
            return lane
        }
        if lane != nil && parsed.value("points") == nil && !parsed.flag("auto") { throw UsageError.invalid("--center needs --points or --auto", command: spec) }
        return (source, maxErrorPx, lane)
    }


    static func proposalTable(_ proposals: [LaneFinder.Proposal]) -> String {
        var text = "Found \(proposals.count) landmark\(proposals.count == 1 ? "" : "s"):\n"
        text += pad("landmark", 28) + lpad("x px", 9) + lpad("y px", 9) + lpad("confidence", 12) + "\n"
        for p in proposals {
            let flag = p.confidence < LaneFinder.weakConfidence ? "  weak" : ""
            text += pad(p.point.name ?? "?", 28) + lpad(ShotTable.format(p.point.xPx, 2), 9) + lpad(ShotTable.format(p.point.yPx, 2), 9)
                + lpad(ShotTable.format(p.confidence, 2), 12) + flag + "\n"
        }
        return text
    }

    static func residualTable(_ calibration: LaneCalibration, points: [LandmarkPoint], maxErrorPx: Double) -> String {
        var text = "Fit of \(points.count) landmarks, k1 \(ShotTable.format(calibration.k1, 4))" + (points.count < LaneCalibration.minPointsForDistortion ? " (not fitted: fewer than \(LaneCalibration.minPointsForDistortion) points)" : "") + ":\n"
        text += pad("landmark", 28) + lpad("board", 7) + lpad("ft", 7) + lpad("error px", 10) + lpad("boards", 8) + lpad("ft", 7) + "\n"
        for (point, residual) in zip(points, calibration.residuals) {
            text += pad(point.name ?? "?", 28) + lpad(ShotTable.format(point.board, 1), 7) + lpad(ShotTable.format(point.distanceFt, 2), 7)
                + lpad(ShotTable.format(residual.errorPx, 2), 10) + lpad(ShotTable.format(residual.errorBoards, 2), 8) + lpad(ShotTable.format(residual.errorFt, 2), 7) + "\n"
        }
        text += "Largest error \(ShotTable.format(calibration.maxErrorPx, 2)) px (limit \(JSONText.number(maxErrorPx, digits: 2)) px).\n"
        return text + cameraLine(calibration.camera)
    }

    /// Where the fit puts the camera: a wrong landmark shows as a camera no one would set up.
    static func cameraLine(_ camera: CameraModel) -> String {
        let (lateral, distance, height) = camera.positionFt
        return "The camera, as the fit places it: \(ShotTable.format(height, 1)) ft above the lane, "
            + "\(ShotTable.format(abs(distance), 1)) ft \(distance < 0 ? "behind" : "past") the foul line, "
            + "\(ShotTable.format(abs(lateral), 1)) ft \(lateral > 0 ? "left" : "right") of the lane's centre line, "
            + "looking \(ShotTable.format(camera.pitchDownDeg, 1))° down; focal length \(ShotTable.format(camera.focalPx, 0)) px.\n"
    }

    static func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text + " " : text.padded(to: width) }
    static func lpad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
}
