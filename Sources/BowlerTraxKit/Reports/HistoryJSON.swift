/// Sessions and stored shots as JSON, keys in DOMAIN.md's names: what `export --json` and every `--json` listing print.
public enum HistoryJSON {
    /// A session with its details and shot counts and, when given, its shots as `shot_list` (without trajectories).
    public static func session(_ session: SessionRecord, shots: [StoredShot]? = nil) -> String {
        let details = session.details
        let shotList = shots.map { [("shot_list", JSONText.array($0.map { shot($0, trajectory: false) }))] } ?? []
        return JSONText.object([
            ("session_id", String(session.id)),
            ("name", JSONText.string(session.name)),
            ("source", JSONText.string(session.source)),
            ("hand", JSONText.string(session.hand.rawValue)),
            ("started_at", JSONText.string(session.startedAt)),
            ("ended_at", JSONText.string(session.endedAt)),
            ("bowler", JSONText.string(details.bowler)),
            ("center", JSONText.string(details.center)),
            ("lane_number", details.laneNumber.map(String.init) ?? "null"),
            ("oil_pattern", JSONText.string(details.oilPattern)),
            ("ball", JSONText.string(details.ball)),
            ("kind", JSONText.string(details.kind?.rawValue)),
            ("shots", String(session.shotCount)),
            ("rejected_shots", String(session.rejectedCount)),
            ("notes", JSONText.string(session.notes)),
        ] + shotList)
    }

    /// A stored shot: ids, session, every measurement, the entered result and, if asked, the trajectory.
    public static func shot(_ stored: StoredShot, trajectory: Bool) -> String {
        var pairs = [
            ("shot_id", String(stored.id)),
            ("session_id", String(stored.sessionID)),
            ("session", JSONText.string(stored.sessionName)),
            ("shot_number", String(stored.shot.shotNumber)),
            ("release_time_s", JSONText.number(stored.shot.releaseTimeS)),
            ("hand", JSONText.string(stored.shot.hand.rawValue)),
        ]
        pairs += ShotJSON.fields(stored.shot.measurements)
        pairs += [
            ("result", JSONText.string(stored.result?.rawValue)),
            ("pins_left", JSONText.array(stored.pinsLeft.map(String.init))),
            ("rejected", stored.rejected ? "true" : "false"),
        ]
        if trajectory { pairs.append(("trajectory", JSONText.array(stored.shot.trajectory.map(ShotJSON.point)))) }
        return JSONText.object(pairs)
    }

    /// A JSON array, one element per line, ending in a newline.
    public static func list(_ items: [String]) -> String {
        items.isEmpty ? "[]\n" : "[\n  " + items.joined(separator: ",\n  ") + "\n]\n"
    }
}
