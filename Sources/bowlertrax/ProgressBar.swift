import Foundation

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
        FileHandle.standardError.write(Data("\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 30 - filled))] \(percent) %".utf8))
    }

    func clear() {
        guard enabled, shown >= 0 else { return }
        FileHandle.standardError.write(Data("\r\(String(repeating: " ", count: 40))\r".utf8))
    }
}
