import BowlerTraxKit
import FoundationEssentials
import Glibc

/// A file a command was asked to write could not be written.
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot write \(path): \(reason)" }
}

/// Writes command output to a file, or to standard output for "-". A file is replaced whole or not at all: a write
/// that fails half-way leaves what was there. An existing file is replaced only with `--force`, checked before any work.
enum OutputFile {
    /// The option every command that writes a file takes.
    static let force = CommandSpec.Option(name: "force", help: "Replace output files that already exist.")

    /// Checks each of `options` given in `parsed` that names a file (see `checkWritable`).
    static func checkWritable(_ options: [String], in parsed: ParsedArguments) throws {
        for option in options {
            if let path = parsed.value(option) { try checkWritable(path, force: parsed.flag(force.name)) }
        }
    }

    /// Checks before any work that `path` can be written: not a folder, its folder exists and is writable, and
    /// it does not exist yet unless `force` (standard output, "-", always can).
    static func checkWritable(_ path: String, force: Bool) throws {
        guard path != "-" else { return }
        if let reason = obstacle(path) { throw OutputFileError(path: path, reason: reason) }
        if !force && FileManager.default.fileExists(atPath: path) { throw OutputFileError(path: path, reason: "it exists; give --force to replace it") }
    }

    static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        if path == "-" { Streams.standardOutput(data); return }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw OutputFileError(path: path, reason: obstacle(path) ?? "permission denied or not a file")
        }
    }

    /// Why `path` cannot be written, when that shows without trying; nil when it looks writable.
    private static func obstacle(_ path: String) -> String? {
        var isFolder = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder { return "it is a folder; give a file name" }
        let directory = Paths.parent(of: path)
        let folder = directory.isEmpty ? "." : directory
        guard FileManager.default.fileExists(atPath: folder) else { return "no such directory" }
        return access(folder, W_OK) == 0 ? nil : "permission denied"
    }
}
