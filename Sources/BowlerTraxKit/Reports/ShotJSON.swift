/// The JSON `analyze --json` prints: one document, keys in DOMAIN.md's names, nil as null.
public enum ShotJSON {
    /// Writes `{"video":…, "fps":…, "frames":…, "shots":[…]}` to `output` a shot at a time: a long video's document
    /// (several MB for a 10-minute one) is never held whole beside the analysis.
    public static func write(_ result: AnalysisResult, to output: (String) -> Void) {
        let head = JSONText.object([
            ("video", JSONText.string(result.video)),
            ("fps", JSONText.number(result.fps)),
            ("frames", String(result.frames)),
            ("width", String(result.size.width)),
            ("height", String(result.size.height)),
            ("shots", "["),
        ])
        output(String(head.dropLast()))  // the object is closed after the shots
        for (index, shot) in result.shots.enumerated() { output((index == 0 ? "" : ",") + "\n    " + self.shot(shot)) }
        output((result.shots.isEmpty ? "]" : "\n  ]") + "}\n")
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
        MeasurementField.all.map { field in
            switch field.value {
            case let .number(keyPath): return (field.name, JSONText.number(m[keyPath: keyPath]))
            case let .text(keyPath): return (field.name, JSONText.string(m[keyPath: keyPath]))
            }
        }
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
            ("reference_frame", p.referenceFrame.map(String.init) ?? "null"),
            ("reference_x_px", JSONText.number(p.referenceXPx, digits: 2)),
            ("reference_y_px", JSONText.number(p.referenceYPx, digits: 2)),
        ])
    }
}
