/// The JSON `analyze --json` prints: one document, keys in DOMAIN.md's names, nil as null.
public enum ShotJSON {
    /// `{"video":…, "fps":…, "frames":…, "shots":[…]}`.
    public static func document(_ result: AnalysisResult) -> String {
        JSONText.object([
            ("video", JSONText.string(result.video)),
            ("fps", JSONText.number(result.fps)),
            ("frames", String(result.frames)),
            ("width", String(result.size.width)),
            ("height", String(result.size.height)),
            ("shots", "[" + result.shots.map { "\n    " + shot($0) }.joined(separator: ",") + (result.shots.isEmpty ? "]" : "\n  ]")),
        ]) + "\n"
    }

    /// One shot with every measurement and its trajectory.
    public static func shot(_ shot: Shot) -> String {
        var pairs = [
            ("shot_number", String(shot.shotNumber)),
            ("release_time_s", JSONText.number(shot.releaseTimeS)),
            ("hand", JSONText.string(shot.hand.rawValue)),
        ]
        pairs += fields(shot.measurements)
        pairs.append(("trajectory", JSONText.array(shot.trajectory.map(point))))
        return JSONText.object(pairs)
    }

    /// The measurement fields in DOMAIN.md's order and names.
    public static func fields(_ m: ShotMeasurements) -> [(String, String)] {
        [
            ("foul_line_board", JSONText.number(m.foulLineBoard)),
            ("arrows_board", JSONText.number(m.arrowsBoard)),
            ("launch_angle_deg", JSONText.number(m.launchAngleDeg)),
            ("breakpoint_board", JSONText.number(m.breakpointBoard)),
            ("breakpoint_distance_ft", JSONText.number(m.breakpointDistanceFt)),
            ("entry_board", JSONText.number(m.entryBoard)),
            ("entry_angle_deg", JSONText.number(m.entryAngleDeg)),
            ("launch_speed_mph", JSONText.number(m.launchSpeedMph)),
            ("entry_speed_mph", JSONText.number(m.entrySpeedMph)),
            ("average_speed_mph", JSONText.number(m.averageSpeedMph)),
            ("rev_rate_rpm", JSONText.number(m.revRateRpm)),
            ("rev_rate_confidence", JSONText.number(m.revRateConfidence)),
            ("strike_probability", JSONText.number(m.strikeProbability)),
            ("predicted_leave", JSONText.string(m.predictedLeave)),
            ("leave_probability", JSONText.number(m.leaveProbability)),
        ]
    }

    static func point(_ p: TrajectoryPoint) -> String {
        JSONText.object([
            ("frame", String(p.frame)),
            ("time_s", JSONText.number(p.timeS)),
            ("x_px", JSONText.number(p.xPx, digits: 2)),
            ("y_px", JSONText.number(p.yPx, digits: 2)),
            ("radius_px", JSONText.number(p.radiusPx, digits: 2)),
            ("board", JSONText.number(p.board, digits: 3)),
            ("distance_ft", JSONText.number(p.distanceFt, digits: 3)),
        ])
    }
}
