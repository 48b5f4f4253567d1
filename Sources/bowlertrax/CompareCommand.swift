import BowlerTraxKit

/// `bowlertrax compare A B`: two sessions, date ranges or balls side by side, with Welch's t-test per measurement.
enum CompareCommand {
    static let spec = CommandSpec(
        name: "compare", overview: "Compare two sessions, date ranges, balls or centres: means side by side, the difference and Welch's t-test.",
        usage: "bowlertrax compare <a> <b> [--include-rejected] [--json] [--db <file|url>]",
        arguments: [
            .init(name: "a", help: "A session id or name, a date range YYYY-MM-DD..YYYY-MM-DD, ball:<name> or center:<name>."),
            .init(name: "b", help: "The same for the other side."),
        ],
        options: [
            .init(name: "include-rejected", help: "Count rejected shots too."),
            HistoryOptions.json, HistoryOptions.db,
        ])

    /// A difference counts as real below this p value (the usual 5 % level).
    static let significanceLevel = 0.05

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if HistoryOptions.printedHelp(parsed, spec) { return }
        let store = try HistoryOptions.openStore(parsed)
        let sides = try parsed.positionals.map { selector -> (label: String, stats: Statistics) in
            let (label, filter) = try selection(selector, store: store, includeRejected: parsed.flag("include-rejected"))
            return (label, Statistics(try store.storedShots(filter)))
        }
        let (a, b) = (sides[0], sides[1])
        let rows = zip(a.stats.summaries, b.stats.summaries).map { pair -> (key: String, a: SampleSummary?, b: SampleSummary?, test: WelchTest?) in
            let test = pair.0.summary.flatMap { left in pair.1.summary.flatMap { WelchTest(left, $0) } }
            return (pair.0.measure.key, pair.0.summary, pair.1.summary, test)
        }
        if parsed.flag("json") {
            let measurements = rows.map { row in
                JSONText.object([
                    ("measurement", JSONText.string(row.key)),
                    ("a", Statistics.summaryJSON(row.a)), ("b", Statistics.summaryJSON(row.b)),
                    ("difference", JSONText.number(row.a.flatMap { a in row.b.map { $0.mean - a.mean } }, digits: 4)),
                    ("t", JSONText.number(row.test?.t, digits: 4)),
                    ("df", JSONText.number(row.test?.degreesOfFreedom, digits: 3)),
                    ("p", JSONText.number(row.test?.pValue, digits: 6)),
                    ("significant", row.test.map { $0.pValue < significanceLevel ? "true" : "false" } ?? "null"),
                ])
            }
            print(JSONText.object([
                ("a", JSONText.object([("selection", JSONText.string(a.label)), ("shots", String(a.stats.shotCount))])),
                ("b", JSONText.object([("selection", JSONText.string(b.label)), ("shots", String(b.stats.shotCount))])),
                ("measurements", HistoryJSON.list(measurements).trimmingWhitespace()),
            ]))
            return
        }
        func side(_ summary: SampleSummary?) -> String {
            guard let summary else { return "-" }
            return "\(ShotTable.format(summary.mean, 2)) ± \(ShotTable.format(summary.standardDeviation, 2)) (\(summary.count))"
        }
        func shots(_ count: Int) -> String { "\(count) shot\(count == 1 ? "" : "s")" }
        var out = "A: \(a.label), \(shots(a.stats.shotCount))\nB: \(b.label), \(shots(b.stats.shotCount))\n"
        out += TextTable.render(header: ["measurement", "A mean ± sd (n)", "B mean ± sd (n)", "B − A", "t", "p", ""], rows: rows.map { row in
            [row.key, side(row.a), side(row.b), ShotTable.format(row.a.flatMap { a in row.b.map { $0.mean - a.mean } }, 2),
             ShotTable.format(row.test?.t, 2), row.test.map { pText($0.pValue) } ?? "-",
             row.test.map { $0.pValue < significanceLevel ? "real difference" : "" } ?? ""]
        })
        out += "Welch's t-test, two-sided; \"real difference\" where p < \(significanceLevel). Strikes entered: A \(percent(a.stats.enteredStrikePercent)), B \(percent(b.stats.enteredStrikePercent)).\n"
        print(out, terminator: "")
    }

    /// The label and shot filter for one side: `ball:NAME`, `center:NAME`, `FROM..TO`, else a session id or name.
    static func selection(_ selector: String, store: ShotStore, includeRejected: Bool) throws -> (String, ShotFilter) {
        var filter = ShotFilter(includeRejected: includeRejected)
        if selector.hasPrefix("ball:") {
            filter.ball = String(selector.dropFirst(5))
            return ("ball \(filter.ball ?? "")", filter)
        }
        if selector.hasPrefix("center:") {
            filter.center = String(selector.dropFirst(7))
            return ("centre \(filter.center ?? "")", filter)
        }
        if let range = selector.firstRange(of: "..") {
            filter.fromDate = try HistoryOptions.date(String(selector[..<range.lowerBound]), name: "the range's start", command: spec)
            filter.toDate = try HistoryOptions.date(String(selector[range.upperBound...]), name: "the range's end", command: spec)
            return ("\(filter.fromDate ?? "") to \(filter.toDate ?? "")", filter)
        }
        let session = try store.session(matching: selector)
        filter.sessionIDs = [session.id]
        return ("session \(session.id) \(session.name)", filter)
    }

    static func pText(_ p: Double) -> String { p < 0.0001 ? "< 0.0001" : ShotTable.format(p, 4) }

    static func percent(_ value: Double?) -> String { value.map { ShotTable.format($0, 1) + " %" } ?? "-" }
}
