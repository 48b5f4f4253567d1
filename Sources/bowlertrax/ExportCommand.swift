import BowlerTraxKit

/// `bowlertrax export shots|sessions --csv|--json`: the stored data for spreadsheets and scripts.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export", overview: "Export stored shots or sessions as CSV (units in the column names) or JSON.",
        usage: "bowlertrax export <what> (--csv | --json) [--output <file> [--force]] [--trajectory] \(HistoryOptions.filtersUsage) [--db <file|url>]",
        arguments: [.init(name: "what", help: "What to export. (values: shots, sessions)")],
        options: [
            .init(name: "csv", help: "Write CSV (RFC 4180, one header row)."),
            .init(name: "json", help: "Write JSON."),
            .init(name: "output", short: "o", value: "file", help: "Where to write; - for standard output. (default: -)"),
            OutputFile.force,
            .init(name: "trajectory", help: "Include each shot's trajectory (JSON only)."),
        ] + HistoryOptions.filters + [HistoryOptions.db])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if HistoryOptions.printedHelp(parsed, spec) { return }
        let what = parsed.positionals[0]
        guard what == "shots" || what == "sessions" else { throw UsageError.invalid("<what> must be shots or sessions (got '\(what)')", command: spec) }
        guard parsed.flag("csv") != parsed.flag("json") else { throw UsageError.invalid("give exactly one of --csv and --json", command: spec) }
        if parsed.flag("trajectory") && !(parsed.flag("json") && what == "shots") {
            throw UsageError.invalid("--trajectory goes with 'shots --json' only", command: spec)
        }
        try OutputFile.checkWritable(["output"], in: parsed)
        let store = try HistoryOptions.openStore(parsed)
        let filter = try HistoryOptions.filter(parsed, store: store, command: spec)
        let shots = try store.storedShots(filter)
        let text: String
        if what == "shots" {
            text = parsed.flag("csv") ? CSVExport.shots(shots) : HistoryJSON.list(shots.map { HistoryJSON.shot($0, trajectory: parsed.flag("trajectory")) })
        } else {
            // A session is in the export when the filter selects it; a session without shots only when no shot filter narrows it down.
            let selected = Set(shots.map(\.sessionID))
            let unfiltered = filter == ShotFilter(sessionIDs: filter.sessionIDs, includeRejected: filter.includeRejected)
            let sessions = try store.sessions().filter { selected.contains($0.id) || (unfiltered && (filter.sessionIDs?.contains($0.id) ?? true)) }
            text = parsed.flag("csv") ? CSVExport.sessions(sessions) : HistoryJSON.list(sessions.map { HistoryJSON.session($0) })
        }
        try OutputFile.write(text, to: parsed.value("output") ?? "-")
    }
}
