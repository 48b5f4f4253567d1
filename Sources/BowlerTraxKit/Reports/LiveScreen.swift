/// The page `live --screen` keeps rewriting for a browser shown full screen at the lane: the camera's state, the
/// last shot's numbers in type big enough to read from the approach, its path on the lane, and the session's
/// running averages. It reloads itself every `refreshS` seconds (no server: the file is replaced whole).
public struct LiveScreen: Sendable {
    /// What the camera is doing, as the bowler needs to know it.
    public enum State: Sendable, Equatable {
        /// No ball in view.
        case waiting
        /// A ball is being followed.
        case tracking
        /// The shot just ended and was saved (its number).
        case saved(shotNumber: Int)
        /// The session is over; the page stops reloading.
        case closed

        var text: String {
            switch self {
            case .waiting: return "Waiting for a ball"
            case .tracking: return "Tracking"
            case let .saved(number): return "Saved shot \(number)"
            case .closed: return "Session closed"
            }
        }

        var cssClass: String {
            switch self {
            case .waiting: return "waiting"
            case .tracking: return "tracking"
            case .saved: return "saved"
            case .closed: return "closed"
            }
        }
    }

    public var sessionName: String
    public var state: State
    /// The session's shots so far, oldest first.
    public var shots: [Shot]
    public var refreshS = 1
    static let laneHeightVh = 84.0

    /// The last shot's numbers shown large, and the measurements averaged over the session.
    static let headlineKeys = ["average_speed_mph", "entry_board", "entry_angle_deg", "arrows_board", "breakpoint_board", "rev_rate_rpm", "strike_probability"]
    static let averageKeys: [(key: String, label: String, digits: Int, unit: String)] = [
        ("average_speed_mph", "Speed", 1, " mph"), ("entry_board", "Entry board", 1, ""), ("entry_angle_deg", "Entry angle", 1, "°"),
        ("arrows_board", "Arrows board", 1, ""), ("rev_rate_rpm", "Rev rate", 0, " rpm"),
    ]

    public init(sessionName: String, state: State, shots: [Shot]) {
        self.sessionName = sessionName
        self.state = state
        self.shots = shots
    }

    /// The whole page.
    public func render() -> String {
        let refresh = state == .closed ? "" : "<meta http-equiv=\"refresh\" content=\"\(refreshS)\">\n"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            \(refresh)<meta name="viewport" content="width=device-width, initial-scale=1">
            <title>BowlerTrax live: \(HTMLText.escape(sessionName))</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <header><span id="state" class="state \(state.cssClass)">\(HTMLText.escape(state.text))</span>
            <span id="session">\(HTMLText.escape(sessionName))</span><span id="shot-count">\(shots.count) shot\(shots.count == 1 ? "" : "s")</span></header>
            <main>
            \(lastShot())
            \(averages())
            </main>
            </body>
            </html>

            """
    }

    private func lastShot() -> String {
        guard let shot = shots.last else { return "<section class=\"last\"><p class=\"none\">No shot yet</p></section>" }
        let numbers = ShotNumber.all(shot.measurements).filter { Self.headlineKeys.contains($0.key) }.map { number in
            "<div class=\"number\" data-field=\"\(number.key)\"><div class=\"value\">\(HTMLText.escape(number.text))</div><div class=\"label\">\(number.label)</div></div>"
        }.joined()
        let drawing = LaneDrawing(heightPx: 900, boardStretch: 7, pathClass: "live-path", pathWidthPx: 4).drawing(paths: [LaneDrawing.Path(shotID: Int64(shot.shotNumber), shot: shot, color: DrawingColor("#1f5fa8"), marked: true)])
        // As tall as the screen allows, and as wide as that makes it.
        let size = "<style>svg.lane { height: \(Self.laneHeightVh)vh; width: \(HTMLText.number(Self.laneHeightVh * drawing.widthPx / drawing.heightPx))vh; }</style>"
        return "<section class=\"last\">\(size)\(drawing.svg(title: "Shot \(shot.shotNumber) on the lane", cssClass: "lane"))"
            + "<div class=\"numbers\"><h2 id=\"last-shot\">Shot \(shot.shotNumber)</h2>\(numbers)</div></section>"
    }

    private func averages() -> String {
        let cells = Self.averageKeys.map { item -> String in
            let mean = SampleSummary(shots.compactMap { Measure.named(item.key)?.value($0.measurements) })?.mean
            let text = mean.map { ShotTable.format($0, item.digits) + item.unit } ?? "-"
            return "<div class=\"average\" data-field=\"\(item.key)\"><div class=\"value\">\(HTMLText.escape(text))</div><div class=\"label\">\(item.label)</div></div>"
        }.joined()
        return "<section class=\"averages\"><h2>Session average</h2>\(cells)</section>"
    }

    static let css = """
        html, body { margin: 0; height: 100%; background: #111; color: #f2f2f2; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; overflow: hidden; }
        header { display: flex; gap: 4vw; align-items: baseline; padding: 1.5vh 2vw; font-size: 4.5vh; background: #222; }
        .state { font-weight: bold; padding: 0 1vw; border-radius: 1vh; }
        .state.waiting { color: #bbb; } .state.tracking { background: #c07a00; color: #111; } .state.saved { background: #2e8b3a; color: #fff; } .state.closed { color: #888; }
        #shot-count { margin-left: auto; font-weight: bold; }
        main { display: flex; gap: 2vw; padding: 2vh 2vw; height: 86vh; }
        .last { display: flex; gap: 2.5vw; flex: 1; min-width: 0; }
        svg.lane { background: #d9d9d9; border-radius: 1vh; flex: none; }
        .numbers { display: grid; grid-template-columns: auto auto; gap: 2vh 2.5vw; align-content: start; }
        .numbers h2 { grid-column: 1 / -1; font-size: 5vh; margin: 0; color: #9cf; }
        .number .value { font-size: min(7vh, 3.9vw); font-weight: bold; line-height: 1.05; white-space: nowrap; } .number .label { font-size: 3vh; color: #aaa; }
        .none { font-size: 8vh; color: #888; }
        .averages { flex: none; } .averages h2 { font-size: min(3.5vh, 2vw); margin: 0 0 2vh; color: #9cf; }
        .average { margin-bottom: 2vh; } .average .value { font-size: min(5.5vh, 3vw); font-weight: bold; white-space: nowrap; } .average .label { font-size: 2.6vh; color: #aaa; }
        """
}
