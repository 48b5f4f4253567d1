import BowlerTraxKit
import FoundationEssentials

/// `bowlertrax report`: one self-contained HTML page of the stored shots.
enum ReportCommand {
    static let spec = CommandSpec(
        name: "report", overview: "Write one self-contained HTML page: the lane with every shot's path, distributions, trends and the shot table.",
        usage: "bowlertrax report [--output <file>] [--force] [--title <text>] \(HistoryOptions.filtersUsage) [--db <file|url>]",
        options: [
            .init(name: "output", short: "o", value: "file", help: "Where to write the page. (default: bowlertrax-report.html)"),
            OutputFile.force,
            .init(name: "title", value: "text", help: "The page's title. (default: BowlerTrax report)"),
        ] + HistoryOptions.filters + [HistoryOptions.json, HistoryOptions.db])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if HistoryOptions.printedHelp(parsed, spec) { return }
        let output = parsed.value("output") ?? "bowlertrax-report.html"
        try OutputFile.checkWritable(output, force: parsed.flag(OutputFile.force.name))
        let store = try HistoryOptions.openStore(parsed)
        let shots = try store.storedShots(try HistoryOptions.filter(parsed, store: store, command: spec))
        let report = HTMLReport(title: parsed.value("title") ?? "BowlerTrax report", shots: shots, generatedAt: Date().formatted(.iso8601))
        try OutputFile.write(report.render(), to: output)
        let sessions = Set(shots.map(\.sessionID)).count
        if parsed.flag("json") {
            print(JSONText.object([("path", JSONText.string(output)), ("shots", String(shots.count)), ("sessions", String(sessions))]))
        } else {
            print("Wrote \(output): \(shots.count) shot\(shots.count == 1 ? "" : "s") from \(sessions) session\(sessions == 1 ? "" : "s").")
        }
    }
}
