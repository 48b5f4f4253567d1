/// One field of `ShotMeasurements` under DOMAIN.md's name: the one list that JSON output, the database's
/// columns, CSV export and the statistics follow, so a new measurement is added in one place.
public struct MeasurementField: Sendable {
    public enum Value: Sendable {
        case number(WritableKeyPath<ShotMeasurements, Double?> & Sendable)
        case text(WritableKeyPath<ShotMeasurements, String?> & Sendable)
    }

    /// DOMAIN.md's field name, units included (`average_speed_mph`).
    public let name: String
    public let value: Value
    /// A short label for tables and charts, for the fields statistics are taken of (not confidences or the leave).
    public let statisticLabel: String?

    /// Every field, in DOMAIN.md's order.
    public static let all: [MeasurementField] = [
        MeasurementField(name: "foul_line_board", value: .number(\.foulLineBoard), statisticLabel: "Foul line board"),
        MeasurementField(name: "arrows_board", value: .number(\.arrowsBoard), statisticLabel: "Arrows board"),
        MeasurementField(name: "launch_angle_deg", value: .number(\.launchAngleDeg), statisticLabel: "Launch angle °"),
        MeasurementField(name: "breakpoint_board", value: .number(\.breakpointBoard), statisticLabel: "Breakpoint board"),
        MeasurementField(name: "breakpoint_distance_ft", value: .number(\.breakpointDistanceFt), statisticLabel: "Breakpoint ft"),
        MeasurementField(name: "entry_board", value: .number(\.entryBoard), statisticLabel: "Entry board"),
        MeasurementField(name: "entry_angle_deg", value: .number(\.entryAngleDeg), statisticLabel: "Entry angle °"),
        MeasurementField(name: "launch_speed_mph", value: .number(\.launchSpeedMph), statisticLabel: "Launch speed mph"),
        MeasurementField(name: "entry_speed_mph", value: .number(\.entrySpeedMph), statisticLabel: "Entry speed mph"),
        MeasurementField(name: "average_speed_mph", value: .number(\.averageSpeedMph), statisticLabel: "Average speed mph"),
        MeasurementField(name: "rev_rate_rpm", value: .number(\.revRateRpm), statisticLabel: "Rev rate rpm"),
        MeasurementField(name: "rev_rate_confidence", value: .number(\.revRateConfidence), statisticLabel: nil),
        MeasurementField(name: "strike_probability", value: .number(\.strikeProbability), statisticLabel: "Strike probability"),
        MeasurementField(name: "predicted_leave", value: .text(\.predictedLeave), statisticLabel: nil),
        MeasurementField(name: "leave_probability", value: .number(\.leaveProbability), statisticLabel: nil),
    ]

    /// The field's value in `m` as text, a number written by `number`; nil when it was not measured.
    public func text(in m: ShotMeasurements, number: (Double) -> String) -> String? {
        switch value {
        case let .number(keyPath): return m[keyPath: keyPath].map(number)
        case let .text(keyPath): return m[keyPath: keyPath]
        }
    }
}
