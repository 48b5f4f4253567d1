/// What one `copy(to:)` added to the target store; all zero when the target had everything already.
public struct CopyReport: Sendable, Equatable {
    public var sessions = 0
    public var shots = 0
    public var calibrations = 0
    public var ballProfiles = 0
    public var centers = 0
    /// Keys of every shot the source holds that the target now holds too (copied now or before).
    public var shotKeys: [String] = []

    public init() {}
}

extension ShotStore {
    /// Copies to `target` what it lacks: centres, calibrations, ball profiles, and every session with its bowler, shots,
    /// trajectories, results and rejections. Rows are matched by key (sessions, shots and calibrations by their uuid;
    /// centres, lanes, bowlers and ball profiles by name), so a second run copies nothing; a session the target has
    /// open and this store has closed is closed there too. Each session is copied in one transaction of the target.
    @discardableResult
    public func copy(to target: ShotStore) throws -> CopyReport {
        var report = CopyReport()
        for center in try centers() where try target.insertReturningKey(
            "INSERT INTO center (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING RETURNING id", [center.name, center.createdAt]) {
            report.centers += 1
        }
        let calibrations = try database.prepare("""
            SELECT k.uuid, c.name, l.number, k.created_at, k.calibration_json
            FROM calibration k JOIN lane l ON l.id = k.lane_id JOIN center c ON c.id = l.center_id ORDER BY k.id
            """)
        while try calibrations.step() {
            let laneID = try target.laneID(centerID: try target.centerID(try calibrations.required(calibrations.text(at: 1), at: 1)),
                                           number: try calibrations.required(calibrations.int(at: 2), at: 2))
            if try target.insertReturningKey("""
                INSERT INTO calibration (uuid, lane_id, created_at, calibration_json) VALUES (?, ?, ?, ?) ON CONFLICT (uuid) DO NOTHING RETURNING id
                """, [calibrations.text(at: 0), String(laneID), calibrations.text(at: 3), calibrations.text(at: 4)]) {
                report.calibrations += 1
            }
        }
        let profiles = try database.prepare("SELECT name, profile_json FROM ball_profile ORDER BY name")
        while try profiles.step() {
            if try target.insertReturningKey("INSERT INTO ball_profile (name, profile_json) VALUES (?, ?) ON CONFLICT (name) DO NOTHING RETURNING 1",
                                             [profiles.text(at: 0), profiles.text(at: 1)]) {
                report.ballProfiles += 1
            }
        }
        for session in try sessions() {
            try copy(session, to: target, report: &report)
        }
        return report
    }

    /// Copies one session and the shots of it the target lacks, in one transaction of the target.
    private func copy(_ session: SessionRecord, to target: ShotStore, report: inout CopyReport) throws {
        let key = try sessionKey(id: session.id)
        let shots = try database.prepare("""
            SELECT t.uuid, t.created_at, t.result, t.pins_left, t.rejected, \(Self.shotColumnList(alias: "t"))
            FROM shot t WHERE t.session_id = ? ORDER BY t.shot_number
            """)
        try shots.bind(session.id, at: 1)
        let trajectoryQuery = try prepareTrajectoryQuery()
        try target.database.inTransaction {
            let existing = try target.sessionRecords(where: "s.uuid = ?", bind: { try $0.bind(key, at: 1) }).first
            let targetID = try existing?.id ?? target.insertSession(session, key: key)
            if existing == nil { report.sessions += 1 }
            if let ended = session.endedAt, existing?.endedAt == nil {
                let close = try target.database.prepare("UPDATE session SET ended_at = ? WHERE id = ?")
                try close.bind(ended, at: 1)
                try close.bind(targetID, at: 2)
                try close.run()
            }
            while try shots.step() {
                let shotKey = try shots.required(shots.text(at: 0), at: 0)
                let annotations = ShotAnnotations(createdAt: try shots.required(shots.text(at: 1), at: 1), result: shots.text(at: 2),
                                                  pinsLeft: shots.text(at: 3), rejected: try shots.required(shots.int(at: 4), at: 4))
                let shot = try self.shot(in: shots, firstColumn: 5, trajectoryQuery: trajectoryQuery)
                if try target.insertShot(shot, sessionID: targetID, key: shotKey, annotations: annotations) != nil { report.shots += 1 }
                report.shotKeys.append(shotKey)
            }
        }
    }

    /// The session's key, the same in every store holding a copy of it.
    public func sessionKey(id: Int64) throws -> String {
        let query = try database.prepare("SELECT uuid FROM session WHERE id = ?")
        try query.bind(id, at: 1)
        guard try query.step() else { throw StoreError.sessionNotFound(id: id) }
        return try query.required(query.text(at: 0), at: 0)
    }

    /// The id of the session of that key here, nil when this store has none.
    public func sessionID(key: String) throws -> Int64? {
        let query = try database.prepare("SELECT id FROM session WHERE uuid = ?")
        try query.bind(key, at: 1)
        return try query.step() ? try query.required(query.int64(at: 0), at: 0) : nil
    }

    /// Inserts a copy of `session` under `key`, with its times, notes and details (bowler added, centre looked up).
    private func insertSession(_ session: SessionRecord, key: String) throws -> Int64 {
        let insert = try database.prepare("""
            INSERT INTO session (uuid, name, source, hand, started_at, ended_at, notes, bowler_id, center_id, lane_number, oil_pattern, ball, kind)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """)
        let details = session.details
        try insert.bind(key, at: 1)
        try insert.bind(session.name, at: 2)
        try insert.bind(session.source, at: 3)
        try insert.bind(session.hand.rawValue, at: 4)
        try insert.bind(session.startedAt, at: 5)
        try insert.bind(session.endedAt, at: 6)
        try insert.bind(session.notes, at: 7)
        try bind(details, to: insert, from: 8)
        try insert.bind((details.kind ?? .practice).rawValue, at: 13)
        return try insert.required(insert.insertedID(), at: 0)
    }

    /// Runs an `INSERT … ON CONFLICT DO NOTHING RETURNING …` of text values; true when it added a row.
    private func insertReturningKey(_ sql: String, _ values: [String?]) throws -> Bool {
        let insert = try database.prepare(sql)
        for (offset, value) in values.enumerated() {
            try insert.bind(value, at: Int32(offset + 1))
        }
        return try insert.insertedID() != nil
    }

    /// Deletes the shots of these keys (sent to another store), then the closed sessions left without shots: what
    /// `sync` does to the spool once the server holds them. A shot saved meanwhile has another key and stays.
    public func deleteCopied(shotKeys: [String]) throws {
        try database.inTransaction {
            let delete = try database.prepare("DELETE FROM shot WHERE uuid = ?")
            for key in shotKeys {
                try delete.bind(key, at: 1)
                try delete.run()
            }
            try database.execute("DELETE FROM session WHERE ended_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM shot WHERE shot.session_id = session.id)")
        }
    }
}
