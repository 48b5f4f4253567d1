import BowlerTraxKit
import Dispatch
import FoundationEssentials

/// The page of `live --screen`, replaced whole (`OutputFile`) after each shot and whenever the camera's state
/// changes: a quarter-second poll says "tracking" while frames show the ball, "waiting" once they stop; a saved
/// shot's state holds a few seconds so the bowler sees it.
final class LiveScreenFile: @unchecked Sendable {
    private let path: String
    private let session: LiveSession
    private let timer: DispatchSourceTimer
    /// Held while the page changes and is written, so pages land in the order they were made.
    private let lock = Lock()
    private var screen: LiveScreen
    private var framesWithBall = 0
    private var savedAtS = -Double.infinity
    /// Whether the poll's last write failed (used on the timer's queue only): a full disk is said once.
    private var failing = false

    /// How long "saved shot N" stays up before the ball's state shows again.
    static let savedHoldS = 4.0

    /// Writes the first page at once (a failure throws), then keeps it current until `close`.
    init(path: String, sessionName: String, shots: [Shot], session: LiveSession) throws {
        self.path = path
        self.session = session
        screen = LiveScreen(sessionName: sessionName, state: .waiting, shots: shots)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "bowlertrax.screen"))
        try OutputFile.write(screen.render(), to: path)
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.poll() }
        timer.resume()
    }

    /// After `shot` was saved.
    func saved(_ shot: Shot) throws {
        try update { screen in
            screen.shots.append(shot)
            screen.state = .saved(shotNumber: shot.shotNumber)
            savedAtS = ProcessInfo.processInfo.systemUptime
            return true
        }
    }

    /// The last page: the session is over and the page stops reloading.
    func close() throws {
        timer.cancel()
        try update { screen in
            screen.state = .closed
            return true
        }
    }

    /// Applies `change` and, if it says the page changed, writes the page.
    private func update(_ change: (inout LiveScreen) -> Bool) throws {
        try lock.withLock {
            guard change(&screen) else { return }
            try OutputFile.write(screen.render(), to: path)
        }
    }

    private func poll() {
        let seen = session.status.framesWithBall
        do {
            try update { screen in
                let ballMoved = seen > framesWithBall
                framesWithBall = seen
                if case .saved = screen.state, ProcessInfo.processInfo.systemUptime - savedAtS < Self.savedHoldS { return false }
                guard screen.state != .closed else { return false }
                let state: LiveScreen.State = ballMoved ? .tracking : .waiting
                defer { screen.state = state }
                return state != screen.state
            }
            failing = false
        } catch {
            if !failing { LiveCommand.note("Warning: \(error); the screen shows an older state.") }
            failing = true
        }
    }
}
