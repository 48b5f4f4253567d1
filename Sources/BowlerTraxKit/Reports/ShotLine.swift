/// One shot on one line, as `live` prints it the moment the shot ends.
public enum ShotLine {
    /// e.g. `Shot 3: 17.9 mph, arrows 6.7, breakpoint 3.7 at 36.8 ft, entry 17.5 at 5.3°, 388 rpm, strike 72 %`.
    public static func render(_ shot: Shot) -> String {
        let m = shot.measurements
        let format = ShotTable.format
        return "Shot \(shot.shotNumber): \(format(m.averageSpeedMph, 1)) mph, arrows \(format(m.arrowsBoard, 1)), "
            + "breakpoint \(format(m.breakpointBoard, 1)) at \(format(m.breakpointDistanceFt, 1)) ft, "
            + "entry \(format(m.entryBoard, 1)) at \(format(m.entryAngleDeg, 1))°, \(format(m.revRateRpm, 0)) rpm, strike \(ShotTable.percent(m.strikeProbability))"
    }
}
