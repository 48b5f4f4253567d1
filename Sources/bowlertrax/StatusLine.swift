import BowlerTraxKit
import Dispatch
import FoundationEssentials

/// The live status on stderr, redrawn twice a second (only when stderr is a terminal):
/// camera fps, processed fps, drops and whether the ball is in view.
final class StatusLine: @unchecked Sendable {
    private let session: LiveSession
    private let timer: DispatchSourceTimer
    private let lock = Lock()
    private var previous: (captured: Int, processed: Int, timeS: Double)?

    init(session: LiveSession) {
        self.session = session
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "bowlertrax.status"))
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    func stop() {
        timer.cancel()
        clear()
    }

    /// Wipes the line so a shot line printed next starts clean.
    func clear() {
        lock.withLock { Streams.standardError("\r\u{1B}[K") }
    }

    private func draw() {
        let status = session.status
        let nowS = ProcessInfo.processInfo.systemUptime
        lock.withLock {
            let (cameraFps, processedFps) = previous.map { last in
                let elapsedS = max(nowS - last.timeS, 0.001)
                return (Double(status.capture.framesCaptured - last.captured) / elapsedS, Double(status.framesProcessed - last.processed) / elapsedS)
            } ?? (0, 0)
            previous = (status.capture.framesCaptured, status.framesProcessed, nowS)
            let line = "camera \(ShotTable.format(cameraFps, 1)) fps, processed \(ShotTable.format(processedFps, 1)) fps, "
                + "\(status.totalDrops) dropped, ball \(status.ballInView ? "seen" : "not seen"), \(status.shots) shot\(status.shots == 1 ? "" : "s")"
            Streams.standardError("\r\u{1B}[K\(line)")
        }
    }
}
