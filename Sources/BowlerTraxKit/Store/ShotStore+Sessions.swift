extension ShotStore {
    /// Session columns plus shot counts and the names behind bowler_id and center_id, in the order `sessionRecord(in:)` reads.
    private static let sessionSelect = """
        SELECT s.id, s.name, s.source, s.hand, s.started_at, s.ended_at, s.notes,
               (SELECT count(*) FROM shot WHERE shot.session_id = s.id),
               (SELECT count(*) FROM shot WHERE shot.session_id = s.id AND shot.rejected = 1),
               b.name, c.name, s.lane_number, s.oil_pattern, s.ball, s.kind
        FROM session s LEFT JOIN bowler b ON b.id = s.bowler_id LEFT JOIN center c ON c.id = s.center_id
        """

    /// Starts a session and returns its id. A new bowler name is added to `bowler`; a centre must exist already.
    /// `key` is the session's key in every store (`sessionKey(id:)`); a new one unless the session continues one begun elsewhere.
    public func openSession(name: String, source: String, hand: Hand, notes: String? = nil, details: SessionDetails = SessionDetails(),
                            key: String = ShotStore.newKey()) throws -> Int64 {
        try database.inTransaction {
            let insert = try database.prepare("""
                INSERT INTO session (name, source, hand, notes, bowler_id, center_id, lane_number, oil_pattern, ball, kind, uuid)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """)
            try insert.bind(name, at: 1)
            try insert.bind(source, at: 2)
            try insert.bind(hand.rawValue, at: 3)
            try insert.bind(notes, at: 4)
            try bind(details, to: insert, from: 5)
            try insert.bind((details.kind ?? .practice).rawValue, at: 10)
            try insert.bind(key, at: 11)
            return try insert.required(insert.insertedID(), at: 0)
        }
    }

    /// Opens a closed session again so more shots can join it (`analyze --session NAME` of an existing
    /// session), filling in the details given; details left nil keep their stored value.
    public func reopenSession(id: Int64, details: SessionDetails = SessionDetails()) throws {
        try database.inTransaction {
            _ = try endedAt(sessionID: id)
            let update = try database.prepare("""
                UPDATE session SET ended_at = NULL, bowler_id = coalesce(?, bowler_id), center_id = coalesce(?, center_id),
                    lane_number = coalesce(?, lane_number), oil_pattern = coalesce(?, oil_pattern), ball = coalesce(?, ball),
                    kind = coalesce(?, kind)
                WHERE id = ?
                """)
            try bind(details, to: update, from: 1)
            try update.bind(details.kind?.rawValue, at: 6)
            try update.bind(id, at: 7)
            try update.run()
        }
    }

    /// Binds a session's details to five parameters from `first`, in the columns' order: bowler_id (a new bowler
    /// added), center_id (the centre must exist), lane_number, oil_pattern, ball.
    func bind(_ details: SessionDetails, to statement: any PreparedStatement, from first: Int32) throws {
        try statement.bind(try details.bowler.map(bowlerID), at: first)
        try statement.bind(try details.center.map(centerID), at: first + 1)
        try statement.bind(details.laneNumber, at: first + 2)
        try statement.bind(details.oilPattern, at: first + 3)
        try statement.bind(details.ball, at: first + 4)
    }

    /// Records the session's end time; throws if it does not exist or is already closed.
    public func closeSession(id: Int64) throws {
        try database.inTransaction {
            let endedAt = try self.endedAt(sessionID: id)
            if let endedAt {
                throw StoreError.sessionAlreadyClosed(id: id, endedAt: endedAt)
            }
            let update = try database.prepare("UPDATE session SET ended_at = \(database.dialect.nowUTC) WHERE id = ?")
            try update.bind(id, at: 1)
            try update.run()
        }
    }

    /// All sessions, oldest first, each with its number of shots.
    public func sessions() throws -> [SessionRecord] {
        try sessionRecords(where: "1 = 1", bind: { _ in })
    }

    /// The session whose id is `selector`, else the one session named `selector`.
    public func session(matching selector: String) throws -> SessionRecord {
        if let id = Int64(selector), let record = try sessionRecords(where: "s.id = ?", bind: { try $0.bind(id, at: 1) }).first {
            return record
        }
        let named = try sessionRecords(where: "s.name = ?", bind: { try $0.bind(selector, at: 1) })
        guard let first = named.first else { throw StoreError.sessionNameNotFound(name: selector, known: try sessions().map(\.name)) }
        guard named.count == 1 else { throw StoreError.sessionNameAmbiguous(name: selector, ids: named.map(\.id)) }
        return first
    }

    /// The session of that id; throws `sessionNotFound` when there is none.
    public func session(id: Int64) throws -> SessionRecord {
        guard let record = try sessionRecords(where: "s.id = ?", bind: { try $0.bind(id, at: 1) }).first else {
            throw StoreError.sessionNotFound(id: id)
        }
        return record
    }

    /// Renames a session; refuses a name another session already has, so names keep selecting one session.
    public func renameSession(id: Int64, to name: String) throws {
        try database.inTransaction {
            _ = try endedAt(sessionID: id)
            let taken = try database.prepare("SELECT 1 FROM session WHERE name = ? AND id != ?")
            try taken.bind(name, at: 1)
            try taken.bind(id, at: 2)
            if try taken.step() { throw StoreError.sessionNameTaken(name: name) }
            let update = try database.prepare("UPDATE session SET name = ? WHERE id = ?")
            try update.bind(name, at: 1)
            try update.bind(id, at: 2)
            try update.run()
        }
    }

    /// Deletes a session with its shots and their trajectories (ON DELETE CASCADE).
    public func deleteSession(id: Int64) throws {
        let delete = try database.prepare("DELETE FROM session WHERE id = ?")
        try delete.bind(id, at: 1)
        guard try delete.run() > 0 else { throw StoreError.sessionNotFound(id: id) }
    }

    /// The highest shot number stored in the session, 0 when it has none: shots added later continue after it.
    public func lastShotNumber(sessionID: Int64) throws -> Int {
        let query = try database.prepare("SELECT coalesce(max(shot_number), 0) FROM shot WHERE session_id = ?")
        try query.bind(sessionID, at: 1)
        _ = try query.step()
        return try query.required(query.int(at: 0), at: 0)
    }

    /// The session's end time (nil while open); throws `sessionNotFound` when there is no such session.
    func endedAt(sessionID: Int64) throws -> String? {
        let query = try database.prepare("SELECT ended_at FROM session WHERE id = ?")
        try query.bind(sessionID, at: 1)
        guard try query.step() else { throw StoreError.sessionNotFound(id: sessionID) }
        return query.text(at: 0)
    }

    /// The bowler's id, adding the bowler on first use.
    func bowlerID(_ name: String) throws -> Int64 {
        let insert = try database.prepare("INSERT INTO bowler (name) VALUES (?) ON CONFLICT (name) DO NOTHING")
        try insert.bind(name, at: 1)
        try insert.run()
        let query = try database.prepare("SELECT id FROM bowler WHERE name = ?")
        try query.bind(name, at: 1)
        _ = try query.step()
        return try query.required(query.int64(at: 0), at: 0)
    }

    func sessionRecords(where condition: String, bind: (any PreparedStatement) throws -> Void) throws -> [SessionRecord] {
        let query = try database.prepare(Self.sessionSelect + " WHERE \(condition) ORDER BY s.started_at, s.id")
        try bind(query)
        var records: [SessionRecord] = []
        while try query.step() {
            let kindText = try query.required(query.text(at: 14), at: 14)
            guard let kind = SessionKind(rawValue: kindText) else { throw StoreError.invalidStoredValue(column: "kind", value: kindText) }
            records.append(SessionRecord(
                id: try query.required(query.int64(at: 0), at: 0),
                name: try query.required(query.text(at: 1), at: 1),
                source: try query.required(query.text(at: 2), at: 2),
                hand: try Self.hand(in: query, at: 3),
                startedAt: try query.required(query.text(at: 4), at: 4),
                endedAt: query.text(at: 5),
                notes: query.text(at: 6),
                shotCount: try query.required(query.int(at: 7), at: 7),
                details: SessionDetails(bowler: query.text(at: 9), center: query.text(at: 10), laneNumber: query.int(at: 11),
                                        oilPattern: query.text(at: 12), ball: query.text(at: 13), kind: kind),
                rejectedCount: try query.required(query.int(at: 8), at: 8)
            ))
        }
        return records
    }
}
