import Foundation

/// Why the benchmark could not run or measure something.
enum BenchError: Error, CustomStringConvertible {
    /// The command line is wrong; the message says what to give.
    case usage(String)
    /// A reference program could not be started.
    case cannotLaunch(program: String, reason: String)
    /// A reference program ran but failed.
    case referenceFailed(program: String, status: Int32, stderr: String)
    /// A reference program's output lacked the figure the bench reads from it.
    case unreadableOutput(program: String, output: String)
    /// A clip decoded to no frames.
    case emptyClip(path: String)

    var description: String {
        switch self {
        case .usage(let message): return message
        case .cannotLaunch(let program, let reason): return "cannot run \(program): \(reason)"
        case .referenceFailed(let program, let status, let stderr): return "\(program) exited with \(status): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
        case .unreadableOutput(let program, let output): return "no figures the bench reads in the output of \(program): \(output.prefix(200))"
        case .emptyClip(let path): return "\(path) has no frames"
        }
    }
}
