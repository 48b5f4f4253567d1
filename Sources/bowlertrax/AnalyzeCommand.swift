import BowlerTraxKit
import Foundation

/// `bowlertrax analyze`: find, measure, print and store every shot in a video.
enum AnalyzeCommand {
    static let spec = CommandSpec(
        name: "analyze",
        overview: "Analyse a recorded video: find every shot, measure it, print it and save it to the database.",
        usage: "bowlertrax analyze <video> [--calibration <file>] (--ball-hsv <h,s,v> | --ball-box <x0,y0,x1,y1> | --ball <name>) [options]",
        arguments: [.init(name: "video", help: "The video file (any format FFmpeg reads).")],
        options: [
            .init(name: "calibration", value: "file", help: "Lane calibration JSON; without it only the pixel path is reported."),
        ] + ProfileOptions.options + [
            .init(name: "hand", value: "hand", help: "The bowler's hand; boards are counted from that side. (default: right) (values: right, left)"),
            .init(name: "json", help: "Print one JSON document instead of the table."),
            .init(name: "db", value: "path", help: "Database file. (default: $XDG_DATA_HOME/bowlertrax/bowlertrax.sqlite)"),
            .init(name: "no-save", help: "Do not save the shots."),
            .init(name: "threads", value: "n", help: "Decoder threads; 0 lets FFmpeg choose. (default: 0)"),
        ])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if parsed.helpRequested { print(spec.help, terminator: ""); return }
        try ProfileOptions.validate(parsed, command: spec)
        let hand = try handOption(parsed)
        guard let threads = Int(parsed.value("threads") ?? "0"), threads >= 0 else {
            throw UsageError.invalid("give --threads a whole number from 0", command: spec)
        }
        if parsed.flag("no-save") && parsed.value("db") != nil { throw UsageError.invalid("--db and --no-save exclude each other", command: spec) }
        let video = parsed.positionals[0]

        // Everything that can be checked before decoding is, so a bad input fails at once.
        let probe = try FrameDecoder(path: video)
        let size = PixelSize(width: probe.width, height: probe.height)
        let calibration = try parsed.value("calibration").map { try LaneCalibration.load(path: $0, videoSize: size) }
        var openedStore: ShotStore?
        func store() throws -> ShotStore {
            if let openedStore { return openedStore }
            let store = try ShotStore(path: parsed.value("db") ?? ShotStore.defaultPath(environment: ProcessInfo.processInfo.environment))
            openedStore = store
            return store
        }
        let profile = try ProfileOptions.profile(parsed, video: video, store: store)
        let sessionID = parsed.flag("no-save") ? nil : try store().openSession(name: URL(fileURLWithPath: video).lastPathComponent, source: video, hand: hand)
        let saver = ShotSaver(store: parsed.flag("no-save") ? nil : try store(), sessionID: sessionID)

        let progress = ProgressBar()
        let analyzer = VideoAnalyzer(profile: profile, calibration: calibration, hand: hand, decoderThreads: threads)
        let result: AnalysisResult
        do {
            result = try analyzer.analyze(path: video, onShot: saver.save, onProgress: progress.update)
        } catch {
            progress.clear()
            try? saver.close()
            throw error
        }
        progress.clear()
        try saver.close()
        warnings(result).forEach { FileHandle.standardError.write(Data("Warning: \($0)\n".utf8)) }
        // Not a warning: a profile that matches nothing means every frame was searched in vain, and "0 shots" would mislead.
        if result.framesWithBall == 0 { throw AnalyzeError.ballColourNotFound(video: video, frames: result.frames) }
        print(parsed.flag("json") ? ShotJSON.document(result) : summary(result, calibrated: calibration != nil), terminator: "")
    }

    static func handOption(_ parsed: ParsedArguments) throws -> Hand {
        guard let hand = Hand(rawValue: parsed.value("hand") ?? "right") else {
            throw UsageError.invalid("--hand must be right or left", command: spec)
        }
        return hand
    }

    static func summary(_ result: AnalysisResult, calibrated: Bool) -> String {
        let header = "\(result.video): \(result.size) at \(ShotTable.format(result.fps, 2)) fps, \(result.frames) frames, \(result.shots.count) shot\(result.shots.count == 1 ? "" : "s")\n"
        let note = calibrated ? "" : "No calibration: lane measurements need --calibration.\n"
        return header + note + ShotTable.render(result.shots)
    }

    static func warnings(_ result: AnalysisResult) -> [String] {
        var lines: [String] = []
        if let reason = result.stoppedEarly { lines.append("\(result.video) ends early (\(reason)): analysed the \(result.frames) frames that decode") }
        if result.corruptPackets > 0 { lines.append("skipped \(result.corruptPackets) corrupt packet\(result.corruptPackets == 1 ? "" : "s") in \(result.video)") }
        return lines
    }
}

/// Saves each shot the moment it ends, each in its own transaction (a crash loses at most the shot in flight),
/// and reports each on stderr once committed (`saved shot 2 (id 17, 143 points)`): what scripts/crash-test checks.
final class ShotSaver: @unchecked Sendable {
    private let store: ShotStore?
    private let sessionID: Int64?

    init(store: ShotStore?, sessionID: Int64?) {
        self.store = store
        self.sessionID = sessionID
    }

    func save(_ shot: Shot) throws {
        guard let store, let sessionID else { return }
        let id = try store.save(shot, sessionID: sessionID)
        FileHandle.standardError.write(Data("saved shot \(shot.shotNumber) (id \(id), \(shot.trajectory.count) points)\n".utf8))
    }

    func close() throws {
        guard let store, let sessionID else { return }
        try store.closeSession(id: sessionID)
    }
}
