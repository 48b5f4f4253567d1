import BowlerTraxKit
import FoundationEssentials

/// Options the commands share: the database (every command that stores), which shots, and JSON output.
enum HistoryOptions {
    static let db = CommandSpec.Option(name: "db", value: "file|url", help: "SQLite file, or postgresql://user@host:port/dbname for a shared server. (default: $BOWLERTRAX_DB, else $XDG_DATA_HOME/bowlertrax/bowlertrax.sqlite)")
    static let json = CommandSpec.Option(name: "json", help: "Print JSON.")

    /// The options `filter(_:store:command:)` reads.
    static let filters: [CommandSpec.Option] = [
        .init(name: "session", value: "id|name", help: "Only this session; repeat for several.", repeatable: true),
        .init(name: "from", value: "date", help: "Only sessions started on or after this day (YYYY-MM-DD, UTC)."),
        .init(name: "to", value: "date", help: "Only sessions started on or before this day (YYYY-MM-DD, UTC)."),
        .init(name: "ball", value: "name", help: "Only sessions bowled with this ball."),
        .init(name: "center", value: "name", help: "Only sessions at this centre."),
        .init(name: "bowler", value: "name", help: "Only sessions of this bowler."),
        .init(name: "include-rejected", help: "Count rejected shots too."),
    ]

    /// How a usage line names `filters`.
    static let filtersUsage = "[filters: " + filters.map { "--" + $0.name }.joined(separator: ", ") + "]"

    /// The database `--db` names, else BOWLERTRAX_DB's, else the default file.
    static func openStore(_ parsed: ParsedArguments) throws -> ShotStore {
        try ShotStore(location: try location(parsed))
    }

    /// Where `--db`, else BOWLERTRAX_DB, else the default file puts the store.
    static func location(_ parsed: ParsedArguments) throws -> StoreLocation {
        if let db = parsed.value("db") { return try StoreLocation(db) }
        return try StoreLocation.default(environment: ProcessInfo.processInfo.environment)
    }

    /// The shot filter the command line asks for; sessions are looked up by id or name.
    static func filter(_ parsed: ParsedArguments, store: ShotStore, command: CommandSpec) throws -> ShotFilter {
        let from = try parsed.value("from").map { try date($0, name: "--from", command: command) }
        let to = try parsed.value("to").map { try date($0, name: "--to", command: command) }
        if let from, let to, from > to { throw UsageError.invalid("--from \(from) is after --to \(to)", command: command) }
        let sessions = parsed.all("session")
        return ShotFilter(sessionIDs: sessions.isEmpty ? nil : try sessions.map { try store.session(matching: $0).id },
                          fromDate: from, toDate: to, ball: parsed.value("ball"), center: parsed.value("center"),
                          bowler: parsed.value("bowler"), includeRejected: parsed.flag("include-rejected"))
    }

    /// Checks a `YYYY-MM-DD` day that exists in the calendar.
    /// `name` says where the day came from in the error message ("--from", "the range's start").
    static func date(_ text: String, name: String, command: CommandSpec) throws -> String {
        guard CalendarDay.date(text) != nil else {
            throw UsageError.invalid("\(name) must be a day as YYYY-MM-DD (got '\(text)')", command: command)
        }
        return text
    }

    /// Prints `help` and returns true when the command line asked for it.
    static func printedHelp(_ parsed: ParsedArguments, _ spec: CommandSpec) -> Bool {
        if parsed.helpRequested { print(spec.help, terminator: "") }
        return parsed.helpRequested
    }
}

extension CommandSpec {
    /// Runs the action named by the first argument with the rest; `--help` alone prints this spec's help.
    func dispatch(_ arguments: [String], _ actions: [(name: String, run: ([String]) throws -> Void)]) throws {
        let names = actions.map(\.name)
        guard let action = arguments.first, !action.hasPrefix("-") else {
            let parsed = try ParsedArguments(arguments, spec: self)
            if parsed.helpRequested { print(help, terminator: ""); return }
            let list = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            throw UsageError.invalid("missing subcommand (\(list))", command: self)
        }
        guard let match = actions.first(where: { $0.name == action }) else {
            throw UsageError.unknownSubcommand(action, among: names, command: self)
        }
        try match.run(Array(arguments.dropFirst()))
    }
}
