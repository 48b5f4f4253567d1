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
