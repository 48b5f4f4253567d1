/// What a command accepts, and its help text in swift-argument-parser's layout.
struct CommandSpec {
    struct Option {
        /// Long name without dashes, e.g. "ball-hsv".
        var name: String
        var short: Character? = nil
        /// Placeholder for the value (e.g. "h,s,v"); nil for a flag.
        var value: String? = nil
        var help: String
        var repeatable = false
    }

    struct Argument {
        var name: String
        var help: String
        var optional = false
    }

    var name: String
    var overview: String
    var usage: String
    var arguments: [Argument] = []
    var options: [Option] = []
    var subcommands: [(String, String)] = []

    var help: String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        var rows: [(String, String)] = []
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            rows = arguments.map { ("<\($0.name)>", $0.help) }
            text += table(rows)
        }
        text += "\nOPTIONS:\n"
        rows = options.map { option in
            var left = option.short.map { "-\($0), " } ?? ""
            left += "--\(option.name)"
            if let value = option.value { left += " <\(value)>" }
            return (left, option.help)
        }
        rows.append(("-h, --help", "Show help information."))
        text += table(rows)
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + table(subcommands)
            text += "\n  See 'bowlertrax help <subcommand>' for detailed help.\n"
        }
        return text
    }

    private func table(_ rows: [(String, String)]) -> String {
        let width = min(max(rows.map(\.0.count).max() ?? 0, 10), 32) + 2
        return rows.map { left, right in
            let padded = left.count + 2 > width ? left + "\n" + String(repeating: " ", count: width + 2) : left.padded(to: width)
            return "  " + padded + right
        }.joined(separator: "\n") + "\n"
    }
}
