import BowlerTraxKit
import Dispatch
import FoundationEssentials
import Glibc

/// `--annotate FILE`: the annotated video is written under a hidden name beside FILE (`.NAME.partial-PID.EXT`, the
/// same folder, so the rename is atomic) and renamed to FILE only once complete: an interrupted run (Ctrl-C, an
/// error) leaves no half-written file under FILE, and removes its partial one.
final class AnnotatedVideoFile: @unchecked Sendable {
    let path: String
    let partialPath: String
    private var interruption: DispatchSourceSignal?

    /// Checks before any work that `path` can be written (`OutputFile.checkWritable`); "-" cannot: a video's index is
    /// written at its front once it is whole.
    init(path: String, force: Bool, command: CommandSpec) throws {
        guard path != "-" else { throw UsageError.invalid("--annotate needs a file name: the video cannot go to standard output", command: command) }
        try OutputFile.checkWritable(path, force: force)
        self.path = path
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
        partialPath = url.deletingLastPathComponent().appendingPathComponent(".\(name).partial-\(getpid())\(ext.isEmpty ? "" : "." + ext)").path
    }

    /// For a command that Ctrl-C simply ends (`analyze`): the partial file is removed and the process exits 130, the
    /// shell's code for a process ended by SIGINT.
    func removeOnInterrupt() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "bowlertrax.annotate.signal"))
        source.setEventHandler { [partialPath] in
            unlink(partialPath)
            exit(128 + SIGINT)
        }
        source.resume()
        interruption = source
    }

    /// The finished video takes its final name.
    func commit() throws {
        guard rename(partialPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw OutputFileError(path: path, reason: reason)
        }
    }

    /// The run failed: the partial video goes.
    func discard() {
        unlink(partialPath)
    }
}
