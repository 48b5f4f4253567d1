import BowlerTraxKit

/// `bowlertrax calibrations list`: the lane calibrations stored per centre and lane.
enum CalibrationsCommand {
    static let spec = CommandSpec(
        name: "calibrations", overview: "List the stored lane calibrations.", usage: "bowlertrax calibrations list [options]",
        options: [HistoryOptions.db], subcommands: [("list", "List the calibrations, per centre and lane, oldest first.")])

    static let listSpec = CommandSpec(
        name: "calibrations list", overview: "List the stored lane calibrations, per centre and lane, oldest first.",
        usage: "bowlertrax calibrations list [--center <name>] [--lane <n>] [--json] [--db <file|url>]",
        options: [
            .init(name: "center", value: "name", help: "Only this centre's."),
            .init(name: "lane", value: "n", help: "Only this lane's."),
            HistoryOptions.json, HistoryOptions.db,
        ])

    static func run(_ arguments: [String]) throws {
        try spec.dispatch(arguments, [("list", list)])
    }

    private static func list(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: listSpec)
        if HistoryOptions.printedHelp(parsed, listSpec) { return }
        let lane = try parsed.value("lane").map { try laneNumber($0, command: listSpec) }
        let records = try HistoryOptions.openStore(parsed).calibrations(center: parsed.value("center"), lane: lane)
        // The newest per lane is the one analyze uses.
        let inUse = Set(Dictionary(grouping: records) { "\($0.center)\u{0}\($0.laneNumber)" }.values.compactMap { $0.last?.id })
        if parsed.flag("json") {
            print(HistoryJSON.list(records.map { record in
                JSONText.object([("calibration_id", String(record.id)), ("center", JSONText.string(record.center)), ("lane_number", String(record.laneNumber)),
                                 ("created_at", JSONText.string(record.createdAt)), ("in_use", inUse.contains(record.id) ? "true" : "false"),
                                 ("image_width", String(record.file.imageSize.width)), ("image_height", String(record.file.imageSize.height)),
                                 ("points", String(record.file.points.count))])
            }), terminator: "")
            return
        }
        guard !records.isEmpty else { print("No calibrations stored."); return }
        print(TextTable.render(header: ["id", "centre", "lane", "created (UTC)", "image", "points", ""], rows: records.map { record in
            [String(record.id), record.center, String(record.laneNumber), record.createdAt, "\(record.file.imageSize.width)x\(record.file.imageSize.height)",
             String(record.file.points.count), inUse.contains(record.id) ? "in use" : ""]
        }), terminator: "")
    }

    /// A lane number from the command line: a whole number from 1.
    static func laneNumber(_ text: String, command: CommandSpec) throws -> Int {
        guard let lane = Int(text), lane >= 1 else { throw UsageError.invalid("--lane must be a whole number from 1 (got '\(text)')", command: command) }
        return lane
    }
}
