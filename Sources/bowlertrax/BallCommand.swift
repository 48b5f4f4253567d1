import BowlerTraxKit
import FoundationEssentials

/// `bowlertrax ball add|list|remove`: named ball profiles kept in the database.
enum BallCommand {
    static let spec = CommandSpec(
        name: "ball", overview: "Save, list and remove named ball profiles.",
        usage: "bowlertrax ball <add|list|remove> [options]",
        options: [HistoryOptions.db],
        subcommands: [
            ("add", "Save a profile: bowlertrax ball add <name> (--ball-hsv … | --ball-box … --video <file>) [--marker-hsv …]."),
            ("list", "List the saved profiles."),
            ("remove", "Remove a profile: bowlertrax ball remove <name>."),
        ])

    static let addSpec = CommandSpec(
        name: "ball add", overview: "Save a named ball profile.",
        usage: "bowlertrax ball add <name> (--ball-hsv <h,s,v> | --ball-box <x0,y0,x1,y1> --video <file>) [options]",
        arguments: [.init(name: "name", help: "The profile's name.")],
        options: ProfileOptions.options.filter { $0.name != "ball" } + [
            .init(name: "video", value: "file", help: "The video --ball-box learns from."),
            HistoryOptions.db,
        ])

    static let listSpec = CommandSpec(
        name: "ball list", overview: "List the saved ball profiles.", usage: "bowlertrax ball list [--json] [--db <file|url>]",
        options: [
            .init(name: "json", help: "Print JSON."),
            HistoryOptions.db,
        ])

    static let removeSpec = CommandSpec(
        name: "ball remove", overview: "Remove a saved ball profile.", usage: "bowlertrax ball remove <name> [--db <file|url>]",
        arguments: [.init(name: "name", help: "The profile's name.")],
        options: [HistoryOptions.db])

    static func run(_ arguments: [String]) throws {
        try spec.dispatch(arguments, [("add", add), ("list", list), ("remove", remove)])
    }

    private static func add(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: addSpec)
        if parsed.helpRequested { print(addSpec.help, terminator: ""); return }
        try ProfileOptions.validate(parsed, command: addSpec)
        if parsed.value("ball-box") != nil && parsed.value("video") == nil { throw UsageError.invalid("--ball-box needs --video", command: addSpec) }
        let store = try HistoryOptions.openStore(parsed)
        var profile = try ProfileOptions.requiredProfile(parsed, video: parsed.value("video"), store: { store })
        profile.name = parsed.positionals[0]
        try store.saveBallProfile(profile)
        print("Saved ball profile '\(parsed.positionals[0])': \(describe(profile))")
    }

    private static func list(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: listSpec)
        if parsed.helpRequested { print(listSpec.help, terminator: ""); return }
        let profiles = try HistoryOptions.openStore(parsed).ballProfiles()
        if parsed.flag("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(profiles), as: UTF8.self))
        } else if profiles.isEmpty {
            print("No ball profiles saved.")
        } else {
            profiles.forEach { print("\($0.name ?? "?"): \(describe($0))") }
        }
    }

    private static func remove(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: removeSpec)
        if parsed.helpRequested { print(removeSpec.help, terminator: ""); return }
        let store = try HistoryOptions.openStore(parsed)
        guard try store.deleteBallProfile(named: parsed.positionals[0]) else {
            throw ProfileError.unknownProfile(name: parsed.positionals[0], known: try store.ballProfiles().compactMap(\.name))
        }
        print("Removed ball profile '\(parsed.positionals[0])'.")
    }

    static func describe(_ profile: BallProfile) -> String {
        func hsv(_ c: HSVColor) -> String { "\(Int(c.hueDeg.rounded())),\(Int(c.saturationPct.rounded())),\(Int(c.valuePct.rounded()))" }
        let colors = profile.colors.map(hsv).joined(separator: " + ")
        return profile.markerColors.isEmpty ? "colours \(colors)" : "colours \(colors), marker \(profile.markerColors.map(hsv).joined(separator: " + "))"
    }
}
