import BowlerTraxKit
import FoundationEssentials

/// `bowlertrax shots list|show|reject|restore|set-result`: the stored shots, and corrections to one.
enum ShotsCommand {
    static let spec = CommandSpec(
        name: "shots", overview: "List and show stored shots; reject or restore one, or enter what it really did.",
        usage: "bowlertrax shots <list|show|reject|restore|set-result> [options]",
        options: [HistoryOptions.db],
        subcommands: [
            ("list", "List the stored shots, oldest session first: bowlertrax shots list [--session <s>] [--bowler <name>] …"),
            ("show", "Show one shot, every field, and draw it: bowlertrax shots show <shot-id> [--svg <file>] [--png <file>]."),
            ("reject", "Hide a misdetected shot from statistics, keeping it stored: bowlertrax shots reject <shot-id>."),
            ("restore", "Count a rejected shot again: bowlertrax shots restore <shot-id>."),
            ("set-result", "Enter the result: bowlertrax shots set-result <shot-id> strike|spare|open [--pins 7,10]."),
        ])

    static let shotID = CommandSpec.Argument(name: "shot-id", help: "The shot's id, as 'sessions show' lists it.")

    static let listSpec = CommandSpec(
        name: "shots list", overview: "List the stored shots, oldest session first (rejected ones with --include-rejected).",
        usage: "bowlertrax shots list \(HistoryOptions.filtersUsage) [--json] [--db <file|url>]",
        options: HistoryOptions.filters + [HistoryOptions.json, HistoryOptions.db])
    static let showSpec = CommandSpec(
        name: "shots show", overview: "Show one stored shot: its session, every measurement, its result; draw it on the lane with its numbers.",
        usage: "bowlertrax shots show <shot-id> [--svg <file>] [--png <file>] [--force] [--json] [--db <file|url>]", arguments: [shotID],
        options: [
            .init(name: "svg", value: "file", help: "Also draw the shot as an SVG picture in this file."),
            .init(name: "png", value: "file", help: "Also draw the shot as a PNG picture in this file."),
            OutputFile.force,
            HistoryOptions.json, HistoryOptions.db,
        ])
    static let rejectSpec = CommandSpec(
        name: "shots reject", overview: "Hide a misdetected shot from statistics without deleting it.",
        usage: "bowlertrax shots reject <shot-id> [--json] [--db <file|url>]", arguments: [shotID], options: [HistoryOptions.json, HistoryOptions.db])
    static let restoreSpec = CommandSpec(
        name: "shots restore", overview: "Count a rejected shot in statistics again.",
        usage: "bowlertrax shots restore <shot-id> [--json] [--db <file|url>]", arguments: [shotID], options: [HistoryOptions.json, HistoryOptions.db])
    static let resultSpec = CommandSpec(
        name: "shots set-result", overview: "Enter what a shot really did.",
        usage: "bowlertrax shots set-result <shot-id> <result> [--pins <pins>] [--json] [--db <file|url>]",
        arguments: [shotID, .init(name: "result", help: "What happened. (values: strike, spare, open)")],
        options: [
            .init(name: "pins", value: "pins", help: "Pins left standing after the shot, e.g. 10 or 7,10."),
            HistoryOptions.json, HistoryOptions.db,
        ])

    static func run(_ arguments: [String]) throws {
        try spec.dispatch(arguments, [("list", list), ("show", show), ("reject", { try setRejected(true, $0, rejectSpec) }), ("restore", { try setRejected(false, $0, restoreSpec) }),
                                      ("set-result", setResult)])
    }

    private static func list(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: listSpec)
        if HistoryOptions.printedHelp(parsed, listSpec) { return }
        let store = try HistoryOptions.openStore(parsed)
        let shots = try store.storedShots(try HistoryOptions.filter(parsed, store: store, command: listSpec))
        if parsed.flag("json") { print(HistoryJSON.list(shots.map { HistoryJSON.shot($0, trajectory: false) }), terminator: ""); return }
        print(table(shots, session: true), terminator: "")
    }

    private static func show(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: showSpec)
        if HistoryOptions.printedHelp(parsed, showSpec) { return }
        let id = try shotID(parsed, showSpec)
        let svg = parsed.value("svg"), png = parsed.value("png")
        try OutputFile.checkWritable(["svg", "png"], in: parsed)
        let shot = try HistoryOptions.openStore(parsed).storedShot(id: id)
        if svg != nil || png != nil {
            let picture = ShotPicture.drawing(shot)
            if let svg { try OutputFile.write(picture.svg(title: "Shot \(shot.id)", cssClass: "shot-picture"), to: svg) }
            if let png { try OutputFile.write(try PNGWriter.encode(picture.render(), path: png), to: png) }
        }
        if parsed.flag("json") { print(HistoryJSON.shot(shot, trajectory: true)); return }
        var text = "Shot \(shot.id): number \(shot.shot.shotNumber) of session \(shot.sessionID) \(shot.sessionName)"
        text += shot.rejected ? " (rejected)\n" : "\n"
        text += "  started: \(shot.sessionStartedAt)   bowler: \(shot.details.bowler ?? "-")   centre/lane: \(SessionsCommand.place(shot.details))"
        text += "   ball: \(shot.details.ball ?? "-")\n"
        text += "  release: \(ShotTable.format(shot.shot.releaseTimeS, 2)) s   hand: \(shot.shot.hand.rawValue)   trajectory: \(shot.shot.trajectory.count) points\n"
        text += "  result: \(shot.resultText ?? "-")\n\n"
        text += TextTable.render(header: ["measurement", "value"], rows: MeasurementField.all.map { field in
            [field.name, field.text(in: shot.shot.measurements) { ShotTable.format($0, 2) } ?? "-"]
        })
        print(text, terminator: "")
    }

    private static func setRejected(_ rejected: Bool, _ arguments: [String], _ command: CommandSpec) throws {
        let parsed = try ParsedArguments(arguments, spec: command)
        if HistoryOptions.printedHelp(parsed, command) { return }
        let id = try shotID(parsed, command)
        let store = try HistoryOptions.openStore(parsed)
        try store.setRejected(rejected, shotID: id)
        try report(try store.storedShot(id: id), parsed, rejected ? "Rejected shot \(id): statistics leave it out." : "Restored shot \(id): statistics count it again.")
    }

    private static func setResult(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: resultSpec)
        if HistoryOptions.printedHelp(parsed, resultSpec) { return }
        let id = try shotID(parsed, resultSpec)
        guard let result = ShotResult(rawValue: parsed.positionals[1]) else {
            throw UsageError.invalid("<result> must be strike, spare or open (got '\(parsed.positionals[1])')", command: resultSpec)
        }
        let pins: [Int] = try parsed.value("pins").map { text in
            try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
                guard let pin = Int(part.trimmingWhitespace()), (1...10).contains(pin) else {
                    throw UsageError.invalid("--pins takes pin numbers 1 to 10 separated by commas (got '\(text)')", command: resultSpec)
                }
                return pin
            }
        } ?? []
        guard Set(pins).count == pins.count else { throw UsageError.invalid("--pins names a pin twice", command: resultSpec) }
        if result == .strike && !pins.isEmpty { throw UsageError.invalid("a strike leaves no pins: drop --pins", command: resultSpec) }
        let store = try HistoryOptions.openStore(parsed)
        try store.setResult(result, pinsLeft: pins, shotID: id)
        let stored = try store.storedShot(id: id)
        try report(stored, parsed, "Shot \(id): \(stored.resultText ?? result.rawValue).")
    }

    private static func shotID(_ parsed: ParsedArguments, _ command: CommandSpec) throws -> Int64 {
        guard let id = Int64(parsed.positionals[0]), id > 0 else {
            throw UsageError.invalid("<shot-id> must be a whole number above 0 (got '\(parsed.positionals[0])')", command: command)
        }
        return id
    }

    private static func report(_ shot: StoredShot, _ parsed: ParsedArguments, _ message: String) throws {
        print(parsed.flag("json") ? HistoryJSON.shot(shot, trajectory: false) : message)
    }

    /// The shots of `sessions show` and `shots list` (with their session): ids to act on, the main measurements,
    /// result and rejection.
    static func table(_ shots: [StoredShot], session: Bool = false) -> String {
        guard !shots.isEmpty else { return "No shots.\n" }
        let rows = shots.map { s -> [String] in
            let m = s.shot.measurements
            let result = s.resultText ?? "-"
            return [String(s.id)] + (session ? ["\(s.sessionID) \(s.sessionName)"] : []) + [
                String(s.shot.shotNumber), ShotTable.format(m.averageSpeedMph, 1), ShotTable.format(m.arrowsBoard, 1),
                ShotTable.format(m.entryBoard, 1), ShotTable.format(m.entryAngleDeg, 1),
                ShotTable.percent(m.strikeProbability), result, s.rejected ? "rejected" : ""]
        }
        let header = ["id"] + (session ? ["session"] : []) + ["#", "speed mph", "arrows", "entry", "entry °", "strike", "result", ""]
        return TextTable.render(header: header, rows: rows)
    }
}
