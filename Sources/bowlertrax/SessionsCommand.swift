import BowlerTraxKit

/// `bowlertrax sessions list|show|rename|delete`: the stored sessions.
enum SessionsCommand {
    static let spec = CommandSpec(
        name: "sessions", overview: "List, show, rename and delete stored sessions.",
        usage: "bowlertrax sessions <list|show|rename|delete> [options]",
        options: [HistoryOptions.db],
        subcommands: [
            ("list", "List the sessions, oldest first."),
            ("show", "Show a session and its shots: bowlertrax sessions show <session>."),
            ("rename", "Rename a session: bowlertrax sessions rename <session> <new-name>."),
            ("delete", "Delete a session and its shots: bowlertrax sessions delete <session>."),
        ])

    static let session = CommandSpec.Argument(name: "session", help: "The session's id or name.")

    static let listSpec = CommandSpec(
        name: "sessions list", overview: "List the stored sessions, oldest first.", usage: "bowlertrax sessions list [--json] [--db <file|url>]",
        options: [HistoryOptions.json, HistoryOptions.db])
    static let showSpec = CommandSpec(
        name: "sessions show", overview: "Show a session's details and its shots.", usage: "bowlertrax sessions show <session> [--json] [--db <file|url>]",
        arguments: [session], options: [HistoryOptions.json, HistoryOptions.db])
    static let renameSpec = CommandSpec(
        name: "sessions rename", overview: "Rename a session.", usage: "bowlertrax sessions rename <session> <new-name> [--json] [--db <file|url>]",
        arguments: [session, .init(name: "new-name", help: "The new name; no other session may have it.")],
        options: [HistoryOptions.json, HistoryOptions.db])
    static let deleteSpec = CommandSpec(
        name: "sessions delete", overview: "Delete a session with all its shots.", usage: "bowlertrax sessions delete <session> [--json] [--db <file|url>]",
        arguments: [session], options: [HistoryOptions.json, HistoryOptions.db])

    static func run(_ arguments: [String]) throws {
        try spec.dispatch(arguments, [("list", list), ("show", show), ("rename", rename), ("delete", delete)])
    }

    private static func list(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: listSpec)
        if HistoryOptions.printedHelp(parsed, listSpec) { return }
        let sessions = try HistoryOptions.openStore(parsed).sessions()
        if parsed.flag("json") { print(HistoryJSON.list(sessions.map { HistoryJSON.session($0) }), terminator: ""); return }
        guard !sessions.isEmpty else { print("No sessions stored."); return }
        let rows = sessions.map { s in
            [String(s.id), s.name, String(s.startedAt.prefix(16)).replacing("T", with: " "),
             s.rejectedCount > 0 ? "\(s.shotCount) (\(s.rejectedCount) rejected)" : String(s.shotCount),
             s.details.bowler ?? "-", place(s.details), s.details.ball ?? "-", s.details.kind?.rawValue ?? "-"]
        }
        print(TextTable.render(header: ["id", "name", "started (UTC)", "shots", "bowler", "centre/lane", "ball", "kind"], rows: rows), terminator: "")
    }

    private static func show(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: showSpec)
        if HistoryOptions.printedHelp(parsed, showSpec) { return }
        let store = try HistoryOptions.openStore(parsed)
        let record = try store.session(matching: parsed.positionals[0])
        let shots = try store.storedShots(ShotFilter(sessionIDs: [record.id], includeRejected: true))
        if parsed.flag("json") {
            print(HistoryJSON.session(record, shots: shots))
            return
        }
        let d = record.details
        var text = "Session \(record.id): \(record.name)\n"
        text += "  source: \(record.source)\n  hand: \(record.hand.rawValue)   kind: \(d.kind?.rawValue ?? "-")\n"
        text += "  started: \(record.startedAt)   ended: \(record.endedAt ?? "open")\n"
        text += "  bowler: \(d.bowler ?? "-")   centre/lane: \(place(d))   oil: \(d.oilPattern ?? "-")   ball: \(d.ball ?? "-")\n"
        if let notes = record.notes { text += "  notes: \(notes)\n" }
        text += "\n" + ShotsCommand.table(shots)
        print(text, terminator: "")
    }

    private static func rename(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: renameSpec)
        if HistoryOptions.printedHelp(parsed, renameSpec) { return }
        let newName = parsed.positionals[1].trimmingWhitespace()
        guard !newName.isEmpty else { throw UsageError.invalid("give <new-name> some text", command: renameSpec) }
        let store = try HistoryOptions.openStore(parsed)
        let record = try store.session(matching: parsed.positionals[0])
        try store.renameSession(id: record.id, to: newName)
        if parsed.flag("json") { print(HistoryJSON.session(try store.session(id: record.id))); return }
        print("Renamed session \(record.id) from '\(record.name)' to '\(newName)'.")
    }

    private static func delete(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: deleteSpec)
        if HistoryOptions.printedHelp(parsed, deleteSpec) { return }
        let store = try HistoryOptions.openStore(parsed)
        let record = try store.session(matching: parsed.positionals[0])
        try store.deleteSession(id: record.id)
        if parsed.flag("json") { print(HistoryJSON.session(record)); return }
        print("Deleted session \(record.id) '\(record.name)' and its \(record.shotCount) shot\(record.shotCount == 1 ? "" : "s").")
    }

    /// "Centre, lane N", the centre alone, or "-".
    static func place(_ details: SessionDetails) -> String {
        switch (details.center, details.laneNumber) {
        case let (center?, lane?): return "\(center), lane \(lane)"
        case let (center?, nil): return center
        case let (nil, lane?): return "lane \(lane)"
        case (nil, nil): return "-"
        }
    }
}
