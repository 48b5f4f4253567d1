import BowlerTraxKit

/// `bowlertrax copy`: moves history between any two stores (a laptop's file, a centre's server), idempotently.
enum CopyCommand {
    static let spec = CommandSpec(
        name: "copy", overview: "Copy sessions with their shots, calibrations, ball profiles and centres from one store to another.",
        usage: "bowlertrax copy --from <file|url> --to <file|url>",
        options: [
            .init(name: "from", value: "file|url", help: "The store to copy from: a SQLite file or a postgresql:// URI."),
            .init(name: "to", value: "file|url", help: "The store to copy into (made if it is a new file); what it has already is left as it is."),
        ])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if HistoryOptions.printedHelp(parsed, spec) { return }
        guard let from = parsed.value("from"), let to = parsed.value("to") else { throw UsageError.invalid("give --from and --to", command: spec) }
        guard from != to else { throw UsageError.invalid("--from and --to name the same store", command: spec) }
        let source = try ShotStore(path: from)
        let target = try ShotStore(path: to)
        print("Copied to \(target.path): " + summary(try source.copy(to: target)) + ".")
    }

    /// "2 sessions (31 shots), 1 calibration, 0 ball profiles, 1 centre": what a copy or sync added.
    static func summary(_ report: CopyReport) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(report.sessions, "session")) (\(count(report.shots, "shot"))), \(count(report.calibrations, "calibration")), "
            + "\(count(report.ballProfiles, "ball profile")), \(count(report.centers, "centre"))"
    }
}
