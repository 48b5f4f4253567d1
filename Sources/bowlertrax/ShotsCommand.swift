import BowlerTraxKit
import Foundation

/// `bowlertrax shots reject|restore|set-result`: correct what was stored about one shot.
enum ShotsCommand {
    static let spec = CommandSpec(
        name: "shots", overview: "Reject or restore a shot, or enter what it really did.",
        usage: "bowlertrax shots <reject|restore|set-result> <shot-id> [options]",
        options: [HistoryOptions.db],
        subcommands: [
            ("reject", "Hide a misdetected shot from statistics, keeping it stored: bowlertrax shots reject <shot-id>."),
            ("restore", "Count a rejected shot again: bowlertrax shots restore <shot-id>."),
            ("set-result", "Enter the result: bowlertrax shots set-result <shot-id> strike|spare|open [--pins 7,10]."),
        ])

    static let shotID = CommandSpec.Argument(name: "shot-id", help: "The shot's id, as 'sessions show' lists it.")

    static let rejectSpec = CommandSpec(
        name: "shots reject", overview: "Hide a misdetected shot from statistics without deleting it.",
        usage: "bowlertrax shots reject <shot-id> [--json] [--db <path>]", arguments: [shotID], options: [HistoryOptions.json, HistoryOptions.db])
    static let restoreSpec = CommandSpec(
        name: "shots restore", overview: "Count a rejected shot in statistics again.",
        usage: "bowlertrax shots restore <shot-id> [--json] [--db <path>]", arguments: [shotID], options: [HistoryOptions.json, HistoryOptions.db])
    static let resultSpec = CommandSpec(
        name: "shots set-result", overview: "Enter what a shot really did.",
        usage: "bowlertrax shots set-result <shot-id> <result> [--pins <pins>] [--json] [--db <path>]",
        arguments: [shotID, .init(name: "result", help: "What happened. (values: strike, spare, open)")],
        options: [
            .init(name: "pins", value: "pins", help: "Pins left standing after the shot, e.g. 10 or 7,10."),
            HistoryOptions.json, HistoryOptions.db,
        ])

    static func run(_ arguments: [String]) throws {
        try spec.dispatch(arguments, [("reject", { try setRejected(true, $0, rejectSpec) }), ("restore", { try setRejected(false, $0, restoreSpec) }),
                                      ("set-result", setResult)])
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
                guard let pin = Int(part.trimmingCharacters(in: .whitespaces)), (1...10).contains(pin) else {
                    throw UsageError.invalid("--pins takes pin numbers 1 to 10 separated by commas (got '\(text)')", command: resultSpec)
                }
                return pin
            }
        } ?? []
        guard Set(pins).count == pins.count else { throw UsageError.invalid("--pins names a pin twice", command: resultSpec) }
        if result == .strike && !pins.isEmpty { throw UsageError.invalid("a strike leaves no pins: drop --pins", command: resultSpec) }
        let store = try HistoryOptions.openStore(parsed)
        try store.setResult(result, pinsLeft: pins, shotID: id)
        let leave = pins.isEmpty ? "" : " (pins \(pins.sorted().map(String.init).joined(separator: ",")) left)"
        try report(try store.storedShot(id: id), parsed, "Shot \(id): \(result.rawValue)\(leave).")
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

    /// The shots of `sessions show`: ids to act on, the main measurements, result and rejection.
    static func table(_ shots: [StoredShot]) -> String {
        guard !shots.isEmpty else { return "No shots.\n" }
        let rows = shots.map { s -> [String] in
            let m = s.shot.measurements
            let result = s.result.map { $0.rawValue + (s.pinsLeft.isEmpty ? "" : " " + s.pinsLeft.map(String.init).joined(separator: ",")) } ?? "-"
            return [String(s.id), String(s.shot.shotNumber), ShotTable.format(m.averageSpeedMph, 1), ShotTable.format(m.arrowsBoard, 1),
                    ShotTable.format(m.entryBoard, 1), ShotTable.format(m.entryAngleDeg, 1),
                    m.strikeProbability.map { "\(Int(($0 * 100).rounded())) %" } ?? "-", result, s.rejected ? "rejected" : ""]
        }
        return TextTable.render(header: ["id", "#", "speed mph", "arrows", "entry", "entry °", "strike", "result", ""], rows: rows)
    }
}
