/// The readable table `analyze` prints by default.
public enum ShotTable {
    static let headers = ["#", "release s", "speed mph (launch/entry/avg)", "foul", "arrows", "launch °", "breakpoint", "entry", "entry °", "revs", "strike", "leave"]

    public static func render(_ shots: [Shot]) -> String {
        guard !shots.isEmpty else { return "No shots found.\n" }
        return TextTable.render(header: headers, rows: shots.map(row))
    }

    static func row(_ shot: Shot) -> [String] {
        let m = shot.measurements
        let speeds = [m.launchSpeedMph, m.entrySpeedMph, m.averageSpeedMph].map { format($0, 1) }.joined(separator: " / ")
        let breakpoint = m.breakpointBoard.map { board in "\(format(board, 1)) @ \(format(m.breakpointDistanceFt, 1)) ft" } ?? "-"
        return [
            String(shot.shotNumber), format(shot.releaseTimeS, 2), speeds, format(m.foulLineBoard, 1), format(m.arrowsBoard, 1),
            format(m.launchAngleDeg, 1), breakpoint, format(m.entryBoard, 1), format(m.entryAngleDeg, 1),
            format(m.revRateRpm, 0), percent(m.strikeProbability), m.predictedLeave ?? "-",
        ]
    }

    /// A probability as a whole percentage, "72 %"; "-" when there is none.
    public static func percent(_ probability: Double?) -> String {
        probability.map { "\(Int(($0 * 100).rounded())) %" } ?? "-"
    }

    public static func format(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "-" }
        return String(value, decimals: digits)
    }
}
