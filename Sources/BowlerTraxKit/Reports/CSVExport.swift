/// Shots and sessions as CSV (RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or
/// line break quoted and their quotes doubled), one header row whose column names carry their units.
public enum CSVExport {
    /// One row per shot, with its session's details, every measurement and the entered result.
    public static func shots(_ shots: [StoredShot]) -> String {
        let measureNames = MeasurementField.all.map(\.name)
        let header = ["shot_id", "session_id", "session", "session_started_at", "bowler", "center", "lane_number", "ball", "kind",
                      "shot_number", "release_time_s", "hand"] + measureNames + ["result", "pins_left", "rejected"]
        let rows = shots.map { stored -> [String] in
            let details = stored.details
            let measurements = MeasurementField.all.map { $0.text(in: stored.shot.measurements) { number($0) } ?? "" }
            return [String(stored.id), String(stored.sessionID), stored.sessionName, stored.sessionStartedAt, details.bowler ?? "",
                    details.center ?? "", details.laneNumber.map(String.init) ?? "", details.ball ?? "", details.kind?.rawValue ?? "",
                    String(stored.shot.shotNumber), number(stored.shot.releaseTimeS), stored.shot.hand.rawValue]
                + measurements
                + [stored.result?.rawValue ?? "", stored.pinsLeft.map(String.init).joined(separator: " "), stored.rejected ? "1" : "0"]
        }
        return document(header: header, rows: rows)
    }

    /// One row per session with its details and shot counts.
    public static func sessions(_ sessions: [SessionRecord]) -> String {
        let header = ["session_id", "name", "source", "hand", "started_at", "ended_at", "bowler", "center", "lane_number",
                      "oil_pattern", "ball", "kind", "shots", "rejected_shots", "notes"]
        let rows = sessions.map { session -> [String] in
            let details = session.details
            return [String(session.id), session.name, session.source, session.hand.rawValue, session.startedAt, session.endedAt ?? "",
                    details.bowler ?? "", details.center ?? "", details.laneNumber.map(String.init) ?? "", details.oilPattern ?? "",
                    details.ball ?? "", details.kind?.rawValue ?? "", String(session.shotCount), String(session.rejectedCount), session.notes ?? ""]
        }
        return document(header: header, rows: rows)
    }

    /// The header and rows, every field escaped, each record ended by CRLF.
    static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// A field as RFC 4180 section 2 wants it: quoted when it holds a comma, quote, CR or LF.
    public static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }

    /// Full precision, plain notation (spreadsheets read it as a number); empty for a missing value.
    static func number(_ value: Double?) -> String {
        value.map { JSONText.number($0, digits: 9) } ?? ""
    }
}
