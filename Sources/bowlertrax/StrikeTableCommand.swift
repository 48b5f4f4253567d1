import BowlerTraxKit

/// `bowlertrax strike-table`: the model's strike probability over entry board and angle (the table in docs/measurements.md).
enum StrikeTableCommand {
    static let spec = CommandSpec(
        name: "strike-table",
        overview: "Print the predicted strike probability over entry board 15 to 20 and entry angle 2 to 8 degrees.",
        usage: "bowlertrax strike-table [--speed <mph>] [--revs <rpm>] [--hand right|left]",
        options: [
            .init(name: "speed", value: "mph", help: "Entry speed. (default: 17)"),
            .init(name: "revs", value: "rpm", help: "Rev rate. (default: 350)"),
            .init(name: "hand", value: "hand", help: "The bowler's hand. (default: right) (values: right, left)"),
        ])

    static func run(_ arguments: [String]) throws {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if parsed.helpRequested { print(spec.help, terminator: ""); return }
        guard let speed = Double(parsed.value("speed") ?? "17"), speed.isFinite, speed > 0 else {
            throw UsageError.invalid("give --speed a value above 0", command: spec)
        }
        guard let revs = Double(parsed.value("revs") ?? "350"), revs.isFinite, revs >= 0 else {
            throw UsageError.invalid("give --revs a value from 0", command: spec)
        }
        guard let hand = Hand(rawValue: parsed.value("hand") ?? "right") else { throw UsageError.invalid("--hand must be right or left", command: spec) }
        print(StrikeProbabilityTable(entrySpeedMph: speed, revRateRpm: revs, hand: hand).markdown(), terminator: "")
    }
}
