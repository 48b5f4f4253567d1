import BowlerTraxKit

/// `bowlertrax centers add|list`: the bowling centres whose lanes keep calibrations.
enum CentersCommand {
    static let spec = CommandSpec(
        name: "centers", overview: "Add and list bowling centres.", usage: "bowlertrax centers <add|list> [options]",
        options: [HistoryOptions.db],
        subcommands: [("add", "Add a centre: bowlertrax centers add <name>."), ("list", "List the centres and their calibrated lanes.")])

    static let addSpec = CommandSpec(
        name: "centers add", overview: "Add a bowling centre.", usage: "bowlertrax centers add <name> [--json] [--db <file|url>]",
        arguments: [.init(name: "name", help: "The centre's name.")], options: [HistoryOptions.json, HistoryOptions.db])
    static let listSpec = CommandSpec(
        name: "centers list", overview: "List the bowling centres and their calibrated lanes.", usage: "bowlertrax centers list [--json] [--db <file|url>]",
        options: [HistoryOptions.json, HistoryOptions.db])

    static func run(_ arguments: [String]) throws {
        try spec.dispatch(arguments, [("add", add), ("list", list)])
    }

    private static func add(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: addSpec)
        if HistoryOptions.printedHelp(parsed, addSpec) { return }
        let name = parsed.positionals[0].trimmingWhitespace()
        guard !name.isEmpty else { throw UsageError.invalid("give <name> some text", command: addSpec) }
        let id = try HistoryOptions.openStore(parsed).addCenter(name)
        print(parsed.flag("json") ? JSONText.object([("center_id", String(id)), ("name", JSONText.string(name))]) : "Added centre '\(name)' (id \(id)).")
    }

    private static func list(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: listSpec)
        if HistoryOptions.printedHelp(parsed, listSpec) { return }
        let centers = try HistoryOptions.openStore(parsed).centers()
        if parsed.flag("json") {
            print(HistoryJSON.list(centers.map { center in
                JSONText.object([("center_id", String(center.id)), ("name", JSONText.string(center.name)), ("created_at", JSONText.string(center.createdAt)),
                                 ("calibrated_lanes", JSONText.array(center.calibratedLanes.map(String.init)))])
            }), terminator: "")
            return
        }
        guard !centers.isEmpty else { print("No centres added."); return }
        print(TextTable.render(header: ["id", "name", "calibrated lanes"], rows: centers.map { center in
            [String(center.id), center.name, center.calibratedLanes.isEmpty ? "-" : center.calibratedLanes.map(String.init).joined(separator: ", ")]
        }), terminator: "")
    }
}
