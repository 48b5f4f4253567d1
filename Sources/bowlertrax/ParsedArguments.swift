import BowlerTraxKit

/// A command line checked against a `CommandSpec`.
struct ParsedArguments {
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    var helpRequested = false

    /// Parses `arguments` (without the command words); throws `UsageError` on anything the spec does not know.
    init(_ arguments: [String], spec: CommandSpec) throws {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "-h" || word == "--help" { helpRequested = true; continue }
            if word == "--" { positionals += arguments[index...]; break }
            guard word.hasPrefix("-"), word.count > 1, Double(word) == nil else { positionals.append(word); continue }
            var name = word
            var inline: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { "--\($0.name)" == name || $0.short.map { "-\($0)" } == name }) else {
                throw UsageError.unknownOption(name, command: spec)
            }
            if option.value == nil {
                guard inline == nil else { throw UsageError.invalid("--\(option.name) takes no value", command: spec) }
                flags.insert(option.name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count, !(arguments[index].hasPrefix("--")) else { throw UsageError.missingValue("--\(option.name)", command: spec) }
                value = arguments[index]
                index += 1
            }
            if values[option.name] != nil && !option.repeatable {
                throw UsageError.invalid("--\(option.name) given twice", command: spec)
            }
            values[option.name, default: []].append(value)
        }
        if helpRequested { return }
        let required = spec.arguments.filter { !$0.optional }.count
        if positionals.count < required {
            throw UsageError.invalid("missing <\(spec.arguments[positionals.count].name)>", command: spec)
        }
        if positionals.count > spec.arguments.count {
            throw UsageError.invalid("unexpected argument '\(positionals[spec.arguments.count])'", command: spec)
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// A command line that cannot be run as given: printed as `Error: …`, the usage line and a pointer to --help; exit 64.
struct UsageError: Error {
    var message: String
    var command: CommandSpec

    static func unknownOption(_ name: String, command: CommandSpec) -> UsageError {
        let names = command.options.map { "--\($0.name)" } + ["--help"]
        return UsageError(message: NearestName.message("unknown option '\(name)'", name: name, among: names), command: command)
    }
    static func unknownSubcommand(_ name: String, among names: [String], command: CommandSpec) -> UsageError {
        UsageError(message: NearestName.message("unknown subcommand '\(name)'", name: name, among: names), command: command)
    }
    static func missingValue(_ name: String, command: CommandSpec) -> UsageError { UsageError(message: "\(name) needs a value", command: command) }
    static func invalid(_ message: String, command: CommandSpec) -> UsageError { UsageError(message: message, command: command) }

    var text: String {
        let help = command.name.isEmpty ? "bowlertrax --help" : "bowlertrax \(command.name) --help"
        return "Error: \(message)\nUsage: \(command.usage)\n  See '\(help)' for more information.\n"
    }
}
