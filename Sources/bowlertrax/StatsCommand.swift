import BowlerTraxKit

/// `bowlertrax stats`: mean, spread and range of every measurement, strike rates and consistency.
enum StatsCommand {
    static let spec = CommandSpec(
        name: "stats", overview: "Statistics of the stored shots: mean, standard deviation and range of every measurement, strike rates, consistency.",
        usage: "bowlertrax stats \(HistoryOptions.filtersUsage) [--by <group>] [--json] [--db <file|url>]",
        options: HistoryOptions.filters + [
            .init(name: "by", value: "group", help: "One block per session, ball or centre. (values: session, ball, center)"),
            HistoryOptions.json, HistoryOptions.db,
        ])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if HistoryOptions.printedHelp(parsed, spec) { return }
        let grouping = parsed.value("by")
        if let grouping, !["session", "ball", "center"].contains(grouping) {
            throw UsageError.invalid("--by must be session, ball or center (got '\(grouping)')", command: spec)
        }
        let store = try HistoryOptions.openStore(parsed)
        let shots = try store.storedShots(try HistoryOptions.filter(parsed, store: store, command: spec))
        guard let grouping else {
            let stats = Statistics(shots)
            print(parsed.flag("json") ? stats.json : text(stats), terminator: parsed.flag("json") ? "\n" : "")
            return
        }
        let groups = group(shots, by: grouping)
        if parsed.flag("json") {
            let items = groups.map { JSONText.object([(grouping, JSONText.string($0.name)), ("stats", Statistics($0.shots).json)]) }
            print(HistoryJSON.list(items), terminator: "")
        } else if groups.isEmpty {
            print("No shots match.")
        } else {
            print(groups.map { "== \(grouping) \($0.name) ==\n" + text(Statistics($0.shots)) }.joined(separator: "\n"), terminator: "")
        }
    }

    /// Shots split by session, ball or centre, in the order first met; shots without a ball or centre form "(none)".
    static func group(_ shots: [StoredShot], by grouping: String) -> [(name: String, shots: [StoredShot])] {
        var groups: [(name: String, shots: [StoredShot])] = []
        for shot in shots {
            let name: String
            switch grouping {
            case "session": name = "\(shot.sessionID) \(shot.sessionName)"
            case "ball": name = shot.details.ball ?? "(none)"
            default: name = shot.details.center ?? "(none)"
            }
            if let index = groups.firstIndex(where: { $0.name == name }) { groups[index].shots.append(shot) } else { groups.append((name, [shot])) }
        }
        return groups
    }

    /// The readable block: one row per measurement, then strike rates and consistency.
    static func text(_ stats: Statistics) -> String {
        guard stats.shotCount > 0 else { return "No shots match.\n" }
        var out = "\(stats.shotCount) shot\(stats.shotCount == 1 ? "" : "s") in \(stats.sessionCount) session\(stats.sessionCount == 1 ? "" : "s")\n"
        let rows = stats.summaries.map { measure, summary -> [String] in
            guard let summary else { return [measure.key, "0", "-", "-", "-", "-"] }
            let digits = measure.key == "rev_rate_rpm" ? 0 : measure.key == "strike_probability" ? 3 : 2
            return [measure.key, String(summary.count), ShotTable.format(summary.mean, digits), ShotTable.format(summary.standardDeviation, digits),
                    ShotTable.format(summary.minimum, digits), ShotTable.format(summary.maximum, digits)]
        }
        out += TextTable.render(header: ["measurement", "n", "mean", "sd", "min", "max"], rows: rows)
        let entered = stats.enteredStrikePercent.map { "\(stats.strikeCount) of \(stats.resultCount) entered results (\(ShotTable.format($0, 1)) %)" } ?? "no results entered"
        out += "Strikes: \(entered); the model expects \(stats.modelStrikePercent.map { ShotTable.format($0, 1) + " %" } ?? "-")\n"
        out += "Consistency: arrows board sd \(ShotTable.format(stats.arrowsBoardSpread, 2)), entry board sd \(ShotTable.format(stats.entryBoardSpread, 2))\n"
        return out
    }
}
