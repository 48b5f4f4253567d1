import BowlerTraxKit
import Glibc

/// A progress bar on stderr, only when stderr is a terminal (never in pipes, logs or CI).
final class ProgressBar: @unchecked Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1
    private var shown = -1

    func update(_ fraction: Double) {
        guard enabled else { return }
        let percent = Int(fraction * 100)
        guard percent != shown else { return }
        shown = percent
        let filled = percent * 30 / 100
        Streams.standardError("\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 30 - filled))] \(percent) %")
    }

    func clear() {
        guard enabled, shown >= 0 else { return }
        Streams.standardError("\r\(String(repeating: " ", count: 40))\r")
    }
}
