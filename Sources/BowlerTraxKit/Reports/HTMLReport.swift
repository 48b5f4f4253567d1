/// The one-page report `report` writes: self-contained HTML (inline CSS and SVG, nothing fetched), readable on
/// screen and on paper: summary, the lane with every shot's path, distributions, trends across sessions, the shots, each shot's picture.
public struct HTMLReport: Sendable {
    public var title: String
    /// The shots to show; rejected shots should already be left out.
    public var shots: [StoredShot]
    /// When the page was made, shown in its header.
    public var generatedAt: String

    /// One colour per session, distinguishable on screen and in grey print.
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"].map(DrawingColor.init)

    public init(title: String, shots: [StoredShot], generatedAt: String) {
        self.title = title
        self.shots = shots
        self.generatedAt = generatedAt
    }

    /// Sessions of the shots in the order first seen (the store lists shots oldest session first).
    var sessionOrder: [(id: Int64, name: String, startedAt: String)] {
        var seen = Set<Int64>()
        return shots.compactMap { shot in seen.insert(shot.sessionID).inserted ? (shot.sessionID, shot.sessionName, shot.sessionStartedAt) : nil }
    }

    func color(sessionID: Int64) -> DrawingColor {
        let index = sessionOrder.firstIndex { $0.id == sessionID } ?? 0
        return Self.palette[index % Self.palette.count]
    }

    /// The whole page.
    public func render() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <style>\(Self.css)</style>
        </head>
        <body>
        <header><h1>\(HTMLText.escape(title))</h1>
        <p class="meta">\(shots.count) shot\(shots.count == 1 ? "" : "s") in \(sessionOrder.count) session\(sessionOrder.count == 1 ? "" : "s") · made \(HTMLText.escape(generatedAt)) by BowlerTrax</p></header>
        \(summarySection())
        \(laneSection())
        \(distributionSection())
        \(trendSection())
        \(tableSection())
        \(shotsSection())
        </body>
        </html>

        """
    }

    private func summarySection() -> String {
        let stats = Statistics(shots)
        func cell(_ label: String, _ value: String) -> String { "<div class=\"card\"><div class=\"value\">\(HTMLText.escape(value))</div><div class=\"label\">\(label)</div></div>" }
        func mean(_ key: String, _ digits: Int) -> String {
            guard let summary = stats.summary(key) else { return "-" }
            return ShotTable.format(summary.mean, digits) + (summary.standardDeviation.map { " ± " + ShotTable.format($0, digits) } ?? "")
        }
        let cards = [
            cell("average speed, mph", mean("average_speed_mph", 1)),
            cell("entry angle, °", mean("entry_angle_deg", 1)),
            cell("entry board", mean("entry_board", 1)),
            cell("arrows board", mean("arrows_board", 1)),
            cell("strikes entered", stats.enteredStrikePercent.map { "\(ShotTable.format($0, 0)) % of \(stats.resultCount)" } ?? "-"),
            cell("strikes expected by the model", stats.modelStrikePercent.map { "\(ShotTable.format($0, 0)) %" } ?? "-"),
        ]
        return "<section class=\"summary\"><h2>Summary</h2><div class=\"cards\">\(cards.joined())</div></section>"
    }

    private func laneSection() -> String {
        let paths = shots.map { LaneDrawing.Path(shotID: $0.id, shot: $0.shot, color: color(sessionID: $0.sessionID), marked: false) }
        let stretch = 7.0
        let stretched = LaneDrawing(heightPx: 760, boardStretch: stretch, pathClass: "shot-path")
        let trueScale = LaneDrawing(heightPx: 760, boardStretch: 1, pathClass: "shot-path-true-scale")
        let legend = sessionOrder.map { session in
            "<li><span class=\"swatch\" style=\"background:\(color(sessionID: session.id).hex)\"></span>\(HTMLText.escape(session.name)) <span class=\"meta\">\(HTMLText.escape(String(session.startedAt.prefix(10))))</span></li>"
        }.joined()
        return """
            <section class="lane-section"><h2>Every shot on the lane</h2>
            <p class="meta">Seen from behind the foul line, boards counted from the right (a left-hander's boards are mirrored onto them). Left: boards drawn \(Int(stretch))× wider than true scale so the paths can be told apart; right: true scale.</p>
            <div class="lanes">\(stretched.svg(paths: paths, title: "Shot paths, boards stretched \(Int(stretch))×"))\(trueScale.svg(paths: paths, title: "Shot paths at true scale"))
            <ul class="legend">\(legend)</ul></div></section>
            """
    }

    private func distributionSection() -> String {
        let charts = [("average_speed_mph", "Average speed (mph)"), ("entry_angle_deg", "Entry angle (°)"), ("entry_board", "Entry board")].map { key, title in
            let values = shots.compactMap { Measure.named(key)?.value($0.shot.measurements) }
            return SVGChart.histogram(values, title: title, color: "#4a78a8")
        }
        return "<section><h2>Distributions</h2><div class=\"charts\">\(charts.joined())</div></section>"
    }

    private func trendSection() -> String {
        let sessions = sessionOrder
        let charts = [("average_speed_mph", "Average speed by session (mph)"), ("entry_angle_deg", "Entry angle by session (°)"), ("entry_board", "Entry board by session")].map { key, title in
            let points = sessions.map { session -> (label: String, summary: SampleSummary?) in
                let values = shots.filter { $0.sessionID == session.id }.compactMap { Measure.named(key)?.value($0.shot.measurements) }
                return (session.name, SampleSummary(values))
            }
            return SVGChart.trend(points, title: title, color: "#b85c1e")
        }
        let key = sessions.map { "<li>\(HTMLText.escape($0.name)) (\(HTMLText.escape(String($0.startedAt.prefix(10)))))</li>" }.joined()
        return "<section><h2>Trends across sessions</h2><p class=\"meta\">Mean ± 1 standard deviation per session, oldest first.</p><div class=\"charts\">\(charts.joined())</div><ol class=\"session-key\">\(key)</ol></section>"
    }

    private func tableSection() -> String {
        let header = ["Session", "#", "Id", "Speed mph", "Arrows", "Breakpoint", "Entry board", "Entry °", "Revs rpm", "Strike model", "Result"]
        let rows = shots.map { stored -> String in
            let m = stored.shot.measurements
            let breakpoint = m.breakpointBoard.map { "\(ShotTable.format($0, 1)) @ \(ShotTable.format(m.breakpointDistanceFt, 1)) ft" } ?? "-"
            let result = stored.resultText ?? "-"
            let cells = [stored.sessionName, String(stored.shot.shotNumber), String(stored.id), ShotTable.format(m.averageSpeedMph, 1),
                         ShotTable.format(m.arrowsBoard, 1), breakpoint, ShotTable.format(m.entryBoard, 1), ShotTable.format(m.entryAngleDeg, 1),
                         ShotTable.format(m.revRateRpm, 0), m.strikeProbability.map { "\(ShotTable.format($0 * 100, 0)) %" } ?? "-", result]
            return "<tr>" + cells.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return "<section class=\"shots\"><h2>Shots</h2><table><thead><tr>\(header.map { "<th>\($0)</th>" }.joined())</tr></thead><tbody>\n\(rows.joined(separator: "\n"))\n</tbody></table></section>"
    }

    /// Each shot's own picture, the one `shots show --svg` draws.
    private func shotsSection() -> String {
        let pictures = shots.map { ShotPicture.drawing($0).svg(title: "Shot \($0.id)", cssClass: "shot-picture") }
        return "<section class=\"each-shot\"><h2>Each shot</h2>\n\(pictures.joined())</section>"
    }

    static let css = """
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; background: #fafafa; margin: 0 auto; max-width: 1100px; padding: 16px 24px; }
        h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 17px; border-bottom: 1px solid #ccc; padding-bottom: 3px; margin-top: 26px; }
        .meta { color: #666; font-size: 12px; }
        .cards { display: flex; flex-wrap: wrap; gap: 10px; }
        .card { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 8px 14px; min-width: 130px; }
        .card .value { font-size: 18px; font-weight: bold; } .card .label { font-size: 11px; color: #666; }
        .lanes { display: flex; gap: 18px; align-items: flex-start; }
        .legend { list-style: none; padding: 0; font-size: 12px; } .legend li { margin: 3px 0; }
        .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 6px; vertical-align: middle; border-radius: 2px; }
        .charts { display: flex; flex-wrap: wrap; gap: 12px; } .chart { background: #fff; border: 1px solid #ddd; }
        .session-key { font-size: 12px; columns: 2; }
        .shot-picture { display: block; margin: 10px 0; border: 1px solid #ddd; max-width: 100%; height: auto; }
        table { border-collapse: collapse; width: 100%; font-size: 12px; background: #fff; }
        th, td { border: 1px solid #ddd; padding: 3px 6px; text-align: right; } th { background: #eee; } td:first-child, th:first-child { text-align: left; }
        tbody tr:nth-child(even) { background: #f4f4f4; }
        @media print {
            @page { size: A4; margin: 12mm; }
            body { background: #fff; max-width: none; padding: 0; font-size: 10pt; }
            * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            section, .chart, svg.lane, svg.shot-picture { break-inside: avoid; }
            section.shots, section.each-shot { break-inside: auto; } thead { display: table-header-group; } tr { break-inside: avoid; }
            .card, .chart, table { border-color: #999; }
        }
        """
}
