import FoundationEssentials
import Glibc

/// Whole byte streams through file descriptors: standard output and error, and inputs that may be pipes. What
/// Foundation's FileHandle did for us, without libFoundation (about 6 MB resident in every process that loads it).
public enum Streams {
    public static func standardOutput(_ data: Data) { write(data, to: STDOUT_FILENO) }
    public static func standardOutput(_ text: String) { write(Data(text.utf8), to: STDOUT_FILENO) }
    public static func standardError(_ text: String) { write(Data(text.utf8), to: STDERR_FILENO) }

    /// Writes all of `data`, resuming after short and interrupted writes; stops quietly when the reader has gone, as
    /// a closed terminal or pipe leaves nothing to tell.
    static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Everything in the file at `path` read to its end as it comes (a file, a pipe, a process substitution `<(…)`),
    /// or standard input for `-`. Throws the system's reason when it cannot be opened or read.
    public static func readAll(path: String) throws(StreamError) -> Data {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StreamError(path: path, code: errno) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw StreamError(path: path, code: errno) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
        }
    }
}

/// A stream that could not be opened or read: the path and the system's error number.
public struct StreamError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var description: String { "cannot read \(path): \(String(cString: strerror(code)))" }
}
