import BowlerTraxKit
import FoundationEssentials

/// `bowlertrax sync`: sends the shots `live` kept in the spool while the server was away.
enum SyncCommand {
    static let spec = CommandSpec(
        name: "sync", overview: "Send the shots live kept in the spool while the database server was away, then remove them from it.",
        usage: "bowlertrax sync [--spool <file>] [--db <file|url>]",
        options: [
            .init(name: "spool", value: "file", help: "The spool live wrote. (default: $XDG_DATA_HOME/bowlertrax/spool.sqlite)"),
            HistoryOptions.db,
        ])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if HistoryOptions.printedHelp(parsed, spec) { return }
        let spoolPath = parsed.value("spool") ?? SpooledSession.defaultSpoolPath(environment: ProcessInfo.processInfo.environment)
        guard FileManager.default.fileExists(atPath: spoolPath) else { return print("Nothing to send: \(spoolPath) does not exist.") }
        let store = try HistoryOptions.openStore(parsed)
        let report = try SpooledSession.sync(spool: try ShotStore(path: spoolPath), to: store)
        print("Sent to \(store.path): " + CopyCommand.summary(report) + ".")
    }
}
