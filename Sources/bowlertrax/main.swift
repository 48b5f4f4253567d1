import BowlerTraxKit
import Glibc

/// The top-level command: dispatches to a subcommand and turns every failure into one line and an exit code.
let commands: [String: ([String]) throws -> Void] = [
    "analyze": AnalyzeCommand.run,
    "ball": BallCommand.run,
    "calibrate": CalibrateCommand.run,
    "sessions": SessionsCommand.run,
    "shots": ShotsCommand.run,
    "stats": StatsCommand.run,
    "compare": CompareCommand.run,
    "report": ReportCommand.run,
    "export": ExportCommand.run,
    "centers": CentersCommand.run,
    "calibrations": CalibrationsCommand.run,
    "live": LiveCommand.run,
    "copy": CopyCommand.run,
    "sync": SyncCommand.run,
    "strike-table": StrikeTableCommand.run,
]

let toolSpec = CommandSpec(
    name: "", overview: "Bowling shot analyzer: finds the ball, maps it onto the lane, measures every shot.",
    usage: "bowlertrax <subcommand> [options]",
    options: [.init(name: "version", help: "Show the version, and the FFmpeg, SQLite and libpq libraries in use.")],
    subcommands: [
        ("analyze", "Analyse a recorded video: find, measure, print and store every shot."),
        ("ball", "Save, list and remove named ball profiles."),
        ("calibrate", "Calibrate a lane on one frame and check it by eye."),
        ("sessions", "List, show, rename and delete stored sessions."),
        ("shots", "List and show stored shots; reject or restore one, or enter what it really did."),
        ("stats", "Statistics of the stored shots."),
        ("compare", "Compare two sessions, date ranges or balls, with Welch's t-test."),
        ("report", "Write a self-contained HTML report."),
        ("export", "Export shots or sessions as CSV or JSON."),
        ("centers", "Add and list bowling centres."),
        ("calibrations", "List the stored lane calibrations."),
        ("live", "Track shots live from a V4L2 camera: print and store each shot as it ends."),
        ("copy", "Copy sessions, calibrations and ball profiles from one store to another."),
        ("sync", "Send the shots live kept in the spool while the database server was away."),
        ("strike-table", "Print the model's strike probability over entry board and angle."),
    ])

/// This program's release, printed by `--version`.
let toolVersion = "0.1.0"

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "help" {
    arguments.removeFirst()
    arguments.append("--help")
}
guard let name = arguments.first, !name.hasPrefix("-") else {
    switch arguments.first {
    case "-h", "--help":
        print(toolSpec.help, terminator: "")
        exit(ExitCode.success)
    case "--version":
        print("bowlertrax \(toolVersion)\n\(FrameDecoder.libraryVersion)\n\(ShotStore.libraryVersion)")
        exit(ExitCode.success)
    case nil:
        // Nothing asked: what there is to ask, on stderr (the run still failed).
        Streams.standardError(toolSpec.help)
    default:
        Streams.standardError(UsageError.invalid("missing subcommand", command: toolSpec).text)
    }
    exit(ExitCode.usage)
}
guard let command = commands[name] else {
    Streams.standardError(UsageError.unknownSubcommand(name, among: commands.keys.sorted(), command: toolSpec).text)
    exit(ExitCode.usage)
}
do {
    try command(Array(arguments.dropFirst()))
    exit(ExitCode.success)
} catch let usage as UsageError {
    Streams.standardError(usage.text)
    exit(ExitCode.usage)
} catch {
    Streams.standardError("Error: \(error)\n")
    exit(ExitCode.code(for: error))
}
