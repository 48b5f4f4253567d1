import BowlerTraxKit
import FoundationEssentials

/// `bowlertrax analyze`: find, measure, print and store every shot in a video.
enum AnalyzeCommand {
    static let spec = CommandSpec(
        name: "analyze",
        overview: "Analyse a recorded video: find every shot, measure it, print it and save it to the database.",
        usage: "bowlertrax analyze <video> [--calibration <file> | --center <name> --lane <n>] [--ball-hsv <h,s,v> | --ball-box <x0,y0,x1,y1> | --ball <name>] [options]",
        arguments: [.init(name: "video", help: "The video file (any format FFmpeg reads); - reads a stream (Matroska, MPEG-TS) from standard input.")],
        options: [
            .init(name: "calibration", value: "file", help: "Lane calibration JSON; without it only the pixel path is reported."),
        ] + ProfileOptions.options + [
            .init(name: "hand", value: "hand", help: "The bowler's hand; boards are counted from that side. (default: right) (values: right, left)"),
            .init(name: "json", help: "Print one JSON document instead of the table."),
            HistoryOptions.db,
            .init(name: "no-save", help: "Do not save the shots."),
            .init(name: "session", value: "name", help: "Add the shots to this session, made if missing. (default: a new session named after the video)"),
            .init(name: "center", value: "name", help: "The centre bowled at; with --lane and no --calibration, uses that lane's latest stored calibration."),
            .init(name: "lane", value: "n", help: "The lane number at --center."),
            .init(name: "bowler", value: "name", help: "Who bowled."),
            .init(name: "oil", value: "pattern", help: "The oil pattern's name."),
            .init(name: "kind", value: "kind", help: "League night or practice. (default: practice) (values: league, practice)"),
            .init(name: "notes", value: "text", help: "Free notes kept with the session."),
            .init(name: "threads", value: "n", help: "Decoder threads; 0 uses every core the process may run on. (default: 0)"),
            annotateOption,
            OutputFile.force,
            .init(name: "benchmark", help: "At the end, print the CPU time, wall time and peak memory on stderr, as ffmpeg -benchmark: bench: utime=…s stime=…s rtime=…s maxrss=…kB."),
        ])

    /// `--annotate`, shared with `live`.
    static let annotateOption = CommandSpec.Option(name: "annotate", value: "file",
                                                   help: "Also write the video with the ball, its path, the lane and each shot's numbers drawn on it (.mp4).")

    static func run(_ arguments: [String]) throws {
        let start = ContinuousClock.now
        let parsed = try ParsedArguments(arguments, spec: spec)
        if parsed.helpRequested { print(spec.help, terminator: ""); return }
        try ProfileOptions.validate(parsed, command: spec, ballRequired: false)
        let hand = try handOption(parsed)
        guard let threads = Int(parsed.value("threads") ?? "0"), threads >= 0 else {
            throw UsageError.invalid("give --threads a whole number from 0", command: spec)
        }
        if parsed.flag("no-save") && parsed.value("db") != nil { throw UsageError.invalid("--db and --no-save exclude each other", command: spec) }
        if parsed.flag("no-save") && parsed.value("session") != nil { throw UsageError.invalid("--session and --no-save exclude each other", command: spec) }
        if parsed.value("lane") != nil && parsed.value("center") == nil { throw UsageError.invalid("--lane needs --center", command: spec) }
        let video = parsed.positionals[0]
        if video == "-" && parsed.value("calibration") == "-" {
            throw UsageError.invalid("the video and --calibration cannot both be standard input (-)", command: spec)
        }
        let annotated = try parsed.value("annotate").map { try AnnotatedVideoFile(path: $0, force: parsed.flag(OutputFile.force.name), command: spec) }

        var openedStore: ShotStore?
        func store() throws -> ShotStore {
            if let openedStore { return openedStore }
            let store = try HistoryOptions.openStore(parsed)
            openedStore = store
            return store
        }
        // A database server is asked before the video is touched: unreachable, it fails at once, not after decoding.
        if !parsed.flag("no-save"), case .postgres = try HistoryOptions.location(parsed) { _ = try store() }
        // Everything that can be checked before decoding is, so a bad input fails at once. The video is opened once
        // (a pipe cannot be read twice); --ball-box learns from a second reading, which a pipe cannot give.
        let decoder = try VideoAnalyzer.open(path: video, decoderThreads: threads)
        if decoder.isPipe && parsed.value("ball-box") != nil {
            throw UsageError.invalid("--ball-box reads the video a second time, which a pipe cannot give: give the file itself, or --ball-hsv or --ball", command: spec)
        }
        let size = PixelSize(width: decoder.width, height: decoder.height)
        let profile = try ProfileOptions.profile(parsed, video: video, store: store)
        let seed = try ProfileOptions.seed(parsed, videoSize: size)
        let followed = ShotPipeline.followsCamera(profile: profile, seed: seed) ? decoder : nil
        let calibration = try self.calibration(parsed, videoSize: size, store: store, followedVideo: followed)
        let saver = parsed.flag("no-save") ? ShotSaver(store: nil, sessionID: nil, firstShotNumber: 1)
            : try session(parsed, details: try details(parsed), video: video, hand: hand, store: try store())

        let progress = ProgressBar()
        let analyzer = VideoAnalyzer(profile: profile, calibration: calibration, hand: hand, decoderThreads: threads,
                                     seed: seed)
        let result: AnalysisResult
        do {
            annotated?.removeOnInterrupt()
            let annotator = try annotated.map {
                try VideoAnnotator(path: $0.partialPath, size: size, timeBase: decoder.timeBase, frameRate: decoder.frameRate, calibration: calibration)
            }
            result = try analyzer.analyze(decoder, onShot: { try saver.save($0) }, onProgress: progress.update, annotator: annotator)
            try annotated?.commit()
        } catch {
            progress.clear()
            annotated?.discard()
            try? saver.close()
            throw error
        }
        progress.clear()
        try saver.close()
        warnings(result, colourGiven: profile != nil).forEach { Streams.standardError("Warning: \($0)\n") }
        if parsed.flag("json") {
            ShotJSON.write(result) { print($0, terminator: "") }
        } else {
            print(summary(result, calibrated: calibration != nil), terminator: "")
        }
        if parsed.flag("benchmark") { Streams.standardError(ResourceUsage.benchmarkLine(since: start) + "\n") }
    }

    /// The calibration file given, else the latest stored for --center and --lane, else none; checked against the video's size.
    /// On a video whose camera is followed (`followedVideo`), a calibration of a later frame is carried into the first
    /// frame's picture (`CalibrationFile.inFirstFrame`), which reads the video once more: a pipe cannot give that.
    /// `live` shares it: `command` names the command in usage errors.
    static func calibration(_ parsed: ParsedArguments, videoSize: PixelSize, store: () throws -> ShotStore,
                            command: CommandSpec = spec, followedVideo: FrameDecoder? = nil) throws -> LaneCalibration? {
        var file: CalibrationFile, source: String
        if let path = parsed.value("calibration") {
            (file, source) = (try CalibrationFile.load(path: path), path)
        } else {
            guard let center = parsed.value("center"), let lane = try laneOption(parsed, command: command) else { return nil }
            guard let stored = try store().latestCalibration(center: center, lane: lane) else { throw StoreError.noCalibration(center: center, lane: lane) }
            (file, source) = (stored, "the calibration of lane \(lane) at \(center)")
        }
        guard file.imageSize == videoSize else { throw CalibrationError.imageSizeMismatch(path: source, calibration: file.imageSize, video: videoSize) }
        if let video = followedVideo, let frame = file.videoFrame, frame > 0 {
            if video.isPipe {
                throw UsageError.invalid("the calibration is of frame \(frame), which is carried to the first frame by reading the video a second time; a pipe cannot give that: give the file itself, or calibrate frame 0", command: command)
            }
            file = try file.inFirstFrame(ofVideo: video.path, path: source)
        }
        return try LaneCalibration(file: file, source: source)
    }

    static func laneOption(_ parsed: ParsedArguments, command: CommandSpec = spec) throws -> Int? {
        try parsed.value("lane").map { try CalibrationsCommand.laneNumber($0, command: command) }
    }

    /// The session details given on the command line; nil fields keep what an existing session has.
    static func details(_ parsed: ParsedArguments) throws -> SessionDetails {
        let kind = try parsed.value("kind").map { text in
            guard let kind = SessionKind(rawValue: text) else { throw UsageError.invalid("--kind must be league or practice", command: spec) }
            return kind
        }
        return SessionDetails(bowler: parsed.value("bowler"), center: parsed.value("center"), laneNumber: try laneOption(parsed),
                              oilPattern: parsed.value("oil"), ball: parsed.value("ball"), kind: kind)
    }

    /// Opens the session the shots go to: --session's (reopened, numbering after its last shot) or a new one named after the video.
    static func session(_ parsed: ParsedArguments, details: SessionDetails, video: String, hand: Hand, store: ShotStore) throws -> ShotSaver {
        if let name = parsed.value("session") {
            do {
                let existing = try store.session(matching: name)
                try store.reopenSession(id: existing.id, details: details)
                return ShotSaver(store: store, sessionID: existing.id, firstShotNumber: try store.lastShotNumber(sessionID: existing.id) + 1)
            } catch StoreError.sessionNameNotFound {
                return ShotSaver(store: store, sessionID: try store.openSession(name: name, source: video, hand: hand, notes: parsed.value("notes"), details: details),
                                 firstShotNumber: 1)
            }
        }
        let id = try store.openSession(name: URL(fileURLWithPath: video).lastPathComponent, source: video, hand: hand, notes: parsed.value("notes"), details: details)
        return ShotSaver(store: store, sessionID: id, firstShotNumber: 1)
    }

    static func handOption(_ parsed: ParsedArguments) throws -> Hand {
        guard let hand = Hand(rawValue: parsed.value("hand") ?? "right") else {
            throw UsageError.invalid("--hand must be right or left", command: spec)
        }
        return hand
    }

    /// The table of shots under a header line; a video with no shot is that one line.
    static func summary(_ result: AnalysisResult, calibrated: Bool) -> String {
        let facts = "\(result.video): \(result.size) at \(ShotTable.format(result.fps, 2)) fps, \(result.frames) frames"
        guard !result.shots.isEmpty else { return facts + ", no shot found\n" }
        let header = facts + ", \(result.shots.count) shot\(result.shots.count == 1 ? "" : "s")\n"
        let note = calibrated ? "" : "No calibration: lane measurements need --calibration (or --center and --lane).\n"
        return header + note + ShotTable.render(result.shots)
    }

    static func warnings(_ result: AnalysisResult, colourGiven: Bool) -> [String] {
        var lines: [String] = []
        if let reason = result.stoppedEarly { lines.append("\(result.video) ends early (\(reason)): analysed the \(result.frames) frames that decode") }
        // A profile that matches nothing searched every frame in vain: say so, or "no shot found" would hide a wrong colour.
        if colourGiven && result.framesWithBall == 0 {
            lines.append("no pixel of the ball's colour was seen in any of the \(result.frames) frames: check --ball-hsv, --ball-box or --ball")
        }
        // Ball after ball read too slow or too large for a bowled one: a wrong calibration would hide behind "no shot found".
        if let doubt = result.calibrationDoubt {
            func range(_ values: ClosedRange<Double>, _ digits: Int) -> String {
                values.lowerBound == values.upperBound ? ShotTable.format(values.lowerBound, digits)
                    : "\(ShotTable.format(values.lowerBound, digits)) to \(ShotTable.format(values.upperBound, digits))"
            }
            let below = doubt.read.upperBound < doubt.bowled.lowerBound
            let read = doubt.reading == .speed
                ? "at \(range(doubt.read, 1)) mph down the lane, \(below ? "slower" : "faster") than a bowled ball (\(range(doubt.bowled, 0)) mph)"
                : "at \(range(doubt.read, 2)) times the size it gives a ball there (a bowled ball: \(range(doubt.bowled, 1)))"
            lines.append("\(doubt.balls) balls rolled up the picture, and the calibration reads every one \(read): if the ball was among them, the calibration's landmarks are likely wrong; check them on its overlay (calibrate --video VIDEO --points CALIBRATION --overlay lane.png)")
        }
        if result.corruptPackets > 0 { lines.append("skipped \(result.corruptPackets) corrupt packet\(result.corruptPackets == 1 ? "" : "s") in \(result.video)") }
        return lines
    }
}

/// Saves each shot the moment it ends, each in its own transaction (a crash loses at most the shot in flight),
/// and reports each on stderr once committed (`saved shot 2 (id 17, 143 points)`): what scripts/crash-test checks.
final class ShotSaver: @unchecked Sendable {
    /// Saves one shot and says where ("id 17"); nil with --no-save.
    private let write: ((Shot) throws -> String)?
    private let finish: () throws -> Void
    /// What the analyser's shot 1 is numbered in the session: shots added to an existing session follow its last one.
    private let firstShotNumber: Int

    init(store: ShotStore?, sessionID: Int64?, firstShotNumber: Int) {
        if let store, let sessionID {
            write = { "id \(try store.save($0, sessionID: sessionID))" }
            finish = { try store.closeSession(id: sessionID) }
        } else {
            write = nil
            finish = {}
        }
        self.firstShotNumber = firstShotNumber
    }

    /// Live's saver: to the store, or to the spool while the store's server is away.
    init(session: SpooledSession, firstShotNumber: Int) {
        write = { shot in
            switch try session.save(shot) {
            case let .stored(id): return "id \(id)"
            case let .spooled(id): return "spool id \(id); the server is away, 'bowlertrax sync' sends it"
            }
        }
        finish = session.close
        self.firstShotNumber = firstShotNumber
    }

    /// Saves the shot numbered as in its session, says so on stderr once it is committed (a crash
    /// test checks every shot reported saved is stored), and returns it so numbered.
    @discardableResult
    func save(_ shot: Shot) throws -> Shot {
        var numbered = shot
        numbered.shotNumber += firstShotNumber - 1
        guard let write else { return numbered }
        let place = try write(numbered)
        Streams.standardError("saved shot \(numbered.shotNumber) (\(place), \(numbered.trajectory.count) points)\n")
        return numbered
    }

    func close() throws {
        try finish()
    }
}
