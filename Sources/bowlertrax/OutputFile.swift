import Foundation

/// A file a command was asked to write could not be written.
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot write \(path): \(reason)" }
}

/// Writes command output to a file, or to standard output for "-". A file is replaced whole or not at all: a write
/// that fails half-way leaves what was there.
enum OutputFile {
    /// Checks before any work that `path` can be written: not a folder, its folder exists and is writable, and
    /// it does not exist yet unless `force` (standard output, "-", always can).
    static func checkWritable(_ path: String, force: Bool) throws {
        guard path != "-" else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw OutputFileError(path: path, reason: "it is a folder; give a file name") }
            if !force { throw OutputFileError(path: path, reason: "it exists; give --force to replace it") }
        }
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        guard FileManager.default.fileExists(atPath: folder) else { throw OutputFileError(path: path, reason: "no such directory") }
        guard access(folder, W_OK) == 0 else { throw OutputFileError(path: path, reason: "permission denied") }
    }

    static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    static func write(_ data: Data, to path: String) throws {
        if path == "-" { FileHandle.standardOutput.write(data); return }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let directory = (path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            let reason = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? "it is a folder; give a file name"
                : FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory) ? "permission denied or not a file" : "no such directory"
            throw OutputFileError(path: path, reason: reason)
        }
    }
}
