/// A shot's measurements as the pictures show them (the shot picture, the live screen): a label, and the stored value
/// with its unit, rounded as `shots show`'s tables round it.
public struct ShotNumber: Sendable, Equatable {
    /// DOMAIN.md's field name of the value (the board for the breakpoint), so a page's element can be found by it.
    public var key: String
    public var label: String
    /// The value and its unit, or "-" when it was not measured.
    public var text: String

    /// Every number of `m`, speed first.
    public static func all(_ m: ShotMeasurements) -> [ShotNumber] {
        func number(_ key: String, _ label: String, _ value: Double?, _ digits: Int, _ unit: String) -> ShotNumber {
            ShotNumber(key: key, label: label, text: value == nil ? "-" : ShotTable.format(value, digits) + unit)
        }
        let breakpoint = m.breakpointBoard.map { "\(ShotTable.format($0, 1)) at \(ShotTable.format(m.breakpointDistanceFt, 1)) ft" } ?? "-"
        return [
            number("average_speed_mph", "Speed", m.averageSpeedMph, 1, " mph"),
            number("launch_speed_mph", "Launch speed", m.launchSpeedMph, 1, " mph"),
            number("entry_speed_mph", "Entry speed", m.entrySpeedMph, 1, " mph"),
            number("foul_line_board", "Foul line board", m.foulLineBoard, 1, ""),
            number("arrows_board", "Arrows board", m.arrowsBoard, 1, ""),
            number("launch_angle_deg", "Launch angle", m.launchAngleDeg, 1, "°"),
            ShotNumber(key: "breakpoint_board", label: "Breakpoint", text: breakpoint),
            number("entry_board", "Entry board", m.entryBoard, 1, ""),
            number("entry_angle_deg", "Entry angle", m.entryAngleDeg, 1, "°"),
            number("rev_rate_rpm", "Rev rate", m.revRateRpm, 0, " rpm"),
            ShotNumber(key: "strike_probability", label: "Strike", text: ShotTable.percent(m.strikeProbability)),
            ShotNumber(key: "predicted_leave", label: "Leave", text: m.predictedLeave ?? "-"),
        ]
    }
}
