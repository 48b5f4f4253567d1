import BowlerTraxKit
import Dispatch
import FoundationEssentials
import Glibc

/// `bowlertrax live`: track shots from a V4L2 camera, print and store each one as it ends.
enum LiveCommand {
    static let spec = CommandSpec(
        name: "live",
        overview: "Track shots live from a V4L2 camera: print each shot as it ends and save it at once.",
        usage: "bowlertrax live --device <path> [--calibration <file> | --center <name> --lane <n>] (--ball-hsv <h,s,v> | --ball <name>) [options]",
        options: [
            .init(name: "device", value: "path", help: "The camera's device node, e.g. /dev/video0."),
            .init(name: "size", value: "wxh", help: "Capture size in pixels. (default: 1280x720)"),
            .init(name: "fps", value: "n", help: "Capture rate, 30 to 120. (default: 60)"),
            .init(name: "calibration", value: "file", help: "Lane calibration JSON; without it only the pixel path is reported."),
            .init(name: "center", value: "name", help: "The centre bowled at; with --lane and no --calibration, uses that lane's latest stored calibration."),
            .init(name: "lane", value: "n", help: "The lane number at --center."),
        ] + ProfileOptions.options.filter { !["ball-box", "ball-frame"].contains($0.name) } + [
            .init(name: "hand", value: "hand", help: "The bowler's hand; boards are counted from that side. (default: right) (values: right, left)"),
            .init(name: "bowler", value: "name", help: "Who is bowling; kept with the session."),
            .init(name: "session", value: "name", help: "Session name. (default: live and the start time)"),
            HistoryOptions.db,
            .init(name: "spool", value: "file", help: "Where shots wait while the --db server is away. (default: $XDG_DATA_HOME/bowlertrax/spool.sqlite)"),
            .init(name: "record", value: "file", help: "Also keep the camera's raw video in this file (.mkv or .avi) for later 'analyze'."),
            .init(name: "resume", help: "Continue the session a crash left open on this camera instead of closing it."),
            .init(name: "screen", value: "file", help: "Keep this HTML page up to date for a browser shown full screen at the lane."),
            AnalyzeCommand.annotateOption,
            OutputFile.force,
        ])

    /// Options checked before the camera is touched.
    struct Settings {
        var device: String
        var size: PixelSize
        var fps: Double
        var hand: Hand
    }

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if parsed.helpRequested { print(spec.help, terminator: ""); return }
        let settings = try validate(parsed)
        try OutputFile.checkWritable(["record", "screen"], in: parsed)
        let annotated = try parsed.value("annotate").map { try AnnotatedVideoFile(path: $0, force: parsed.flag(OutputFile.force.name), command: spec) }
        let location = try HistoryOptions.location(parsed)
        let environment = ProcessInfo.processInfo.environment
        let spoolPath = parsed.value("spool") ?? SpooledSession.defaultSpoolPath(environment: environment)
        let store: ShotStore?
        do {
            store = try ShotStore(location: location)
        } catch let error as StoreError where error.isServerUnavailable {
            // Shots are not lost for a server away: they wait in the spool. A stored ball or calibration cannot wait.
            note("Warning: \(error); shots are kept in \(spoolPath) until the server is back.")
            store = nil
        }
        let reachable = { try store ?? ShotStore(location: location) }
        let profile = try ProfileOptions.requiredProfile(parsed, video: nil, store: reachable)
        let capture = try CameraCapture(devicePath: settings.device, size: settings.size, fps: settings.fps, recordPath: parsed.value("record"))
        let calibration = try AnalyzeCommand.calibration(parsed, videoSize: capture.mode.size, store: reachable, command: spec)
        let (storedSession, firstShotNumber) = try store.map { try openSession(parsed, settings: settings, store: $0) } ?? (nil, 1)
        let name = try storedSession.map { try store?.session(id: $0).name ?? "" } ?? sessionName(parsed)
        let opening = SessionOpening(name: name, source: settings.device, hand: settings.hand, details: try details(parsed))
        let spooled = SpooledSession(store: store, location: location, sessionID: storedSession,
                                     key: try storedSession.flatMap { try store?.sessionKey(id: $0) } ?? ShotStore.newKey(),
                                     opening: opening, spoolPath: spoolPath)
        let sessionText = storedSession.map { "session \($0)" } ?? "session '\(name)' (in the spool)"
        note("Live on \(settings.device) (\(capture.device.card)): \(capture.mode), \(sessionText). Ctrl-C ends the session.")

        let session = LiveSession(capture: capture, profile: profile, calibration: calibration, hand: settings.hand)
        // Camera timestamps are in microseconds (V4L2's resolution).
        let annotator = try annotated.map {
            try VideoAnnotator(path: $0.partialPath, size: capture.mode.size, timeBase: (1, 1_000_000),
                               frameRate: (Int32((capture.mode.fps * 1000).rounded()), 1000), calibration: calibration, dropsWhenBehind: true)
        }
        let screen = try parsed.value("screen").map { path in
            try LiveScreenFile(path: path, sessionName: name, shots: try storedSession.map { try store?.shots(sessionID: $0) ?? [] } ?? [], session: session)
        }
        let ended = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let signals = DispatchQueue(label: "bowlertrax.signals")
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            // The default action would kill the process before the session is closed.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: signals)
            source.setEventHandler {
                outcome.signal = number
                session.stop()
            }
            source.resume()
            return source
        }
        let status = isatty(STDERR_FILENO) == 1 ? StatusLine(session: session) : nil
        // Used only on the measurement queue (one shot at a time) while the session runs.
        let saver = ShotSaver(session: spooled, firstShotNumber: firstShotNumber)
        session.start(annotator: annotator, onShot: { shot in
            let numbered = try saver.save(shot)
            try screen?.saved(numbered)
            status?.clear()
            Streams.standardOutput(ShotLine.render(numbered) + "\n")
        }, onEnd: { error in
            outcome.error = error
            ended.signal()
        })
        ended.wait()
        status?.stop()
        sources.forEach { $0.cancel() }
        // Closed whatever ended the session: every finished shot is already committed.
        // Ctrl-C is how a live session ends: the video is whole then; an error leaves none.
        if outcome.error == nil { try annotated?.commit() } else { annotated?.discard() }
        try saver.close()
        try screen?.close()
        let final = session.status
        note("\(sessionText.prefix(1).uppercased() + sessionText.dropFirst()) closed: \(final.shots) shot\(final.shots == 1 ? "" : "s"), \(final.capture.framesCaptured) frames captured, "
             + "\(final.framesProcessed) processed, \(final.totalDrops) dropped (\(final.capture.driverDrops) by the driver, \(final.queueDrops) by the queue).")
        if let annotator, let annotated, outcome.error == nil {
            note("Annotated video: \(annotated.path), \(final.framesProcessed - annotator.framesDropped) frames (\(annotator.framesDropped) left out: encoding fell behind).")
        }
        if let error = outcome.error { throw error }
        // Shell convention for a process ended by a signal: 128 + its number (130 for Ctrl-C).
        if let number = outcome.signal, number == SIGINT { exit(128 + number) }
    }

    static func validate(_ parsed: ParsedArguments) throws -> Settings {
        guard let device = parsed.value("device") else { throw UsageError.invalid("give the camera with --device, e.g. --device /dev/video0", command: spec) }
        try ProfileOptions.validate(parsed, command: spec)
        let (size, fps) = try captureMode(parsed, command: spec)
        guard let hand = Hand(rawValue: parsed.value("hand") ?? "right") else { throw UsageError.invalid("--hand must be right or left", command: spec) }
        if (parsed.value("center") == nil) != (parsed.value("lane") == nil) { throw UsageError.invalid("--center and --lane go together", command: spec) }
        return Settings(device: device, size: size, fps: fps, hand: hand)
    }

    /// Closes the sessions a crash left open on this camera, or with --resume continues the latest of them.
    /// Returns the session to use and the number its next shot gets.
    static func openSession(_ parsed: ParsedArguments, settings: Settings, store: ShotStore) throws -> (Int64?, Int) {
        var abandoned = try store.openSessions(source: settings.device)
        if parsed.flag("resume"), let latest = abandoned.popLast() {
            for stale in abandoned { try store.closeAbandonedSession(id: stale.id) }
            let next = try store.lastShotNumber(sessionID: latest.id) + 1
            note("Resuming session \(latest.id) (\(latest.name)) at shot \(next).")
            return (latest.id, next)
        }
        for stale in abandoned {
            try store.closeAbandonedSession(id: stale.id)
            note("Closed session \(stale.id) (\(stale.name)), left open by an earlier run with \(stale.shotCount) shot\(stale.shotCount == 1 ? "" : "s").")
        }
        let id = try store.openSession(name: sessionName(parsed), source: settings.device, hand: settings.hand, details: try details(parsed))
        return (id, 1)
    }

    private static func sessionName(_ parsed: ParsedArguments) -> String {
        parsed.value("session") ?? "live \(Date().formatted(.iso8601))"
    }

    private static func details(_ parsed: ParsedArguments) throws -> SessionDetails {
        SessionDetails(bowler: parsed.value("bowler"), center: parsed.value("center"),
                       laneNumber: try AnalyzeCommand.laneOption(parsed, command: spec), ball: parsed.value("ball"))
    }

    /// `--size` and `--fps` (shared with `calibrate --device`); `command` names the command in usage errors.
    static func captureMode(_ parsed: ParsedArguments, command: CommandSpec) throws -> (PixelSize, Double) {
        let parts = (parsed.value("size") ?? "1280x720").split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] % 2 == 0, parts[1] % 2 == 0 else {
            throw UsageError.invalid("give --size as even width x height in pixels, e.g. 1280x720", command: command)
        }
        guard let fps = Double(parsed.value("fps") ?? "60"), (30...120).contains(fps) else {
            throw UsageError.invalid("give --fps a rate from 30 to 120", command: command)
        }
        return (PixelSize(width: parts[0], height: parts[1]), fps)
    }

    static func note(_ line: String) {
        Streams.standardError(line + "\n")
    }
}

/// How the session ended, written by the signal handler and the session's end callback.
private final class Outcome: @unchecked Sendable {
    private let lock = Lock()
    private var signalNumber: Int32?
    private var failure: Error?
    var signal: Int32? {
        get { lock.withLock { signalNumber } }
        set { lock.withLock { signalNumber = newValue } }
    }
    var error: Error? {
        get { lock.withLock { failure } }
        set { lock.withLock { failure = newValue } }
    }
}
