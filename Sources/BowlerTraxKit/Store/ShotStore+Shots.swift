/// What a copied shot brings besides its measurements: when it was first stored and what the bowler entered about it.
struct ShotAnnotations {
    var createdAt: String
    var result: String?
    var pinsLeft: String?
    var rejected: Int
}

extension ShotStore {
    /// Trajectory points per INSERT: one round trip to a server for a whole shot, well under SQLite's 32766 parameters.
    private static let pointsPerInsert = 256

    /// Stores the shot and its whole trajectory in one transaction (never half a shot) and returns the shot's id.
    /// `key` identifies the shot in every store: saving a shot whose key is already stored (sent again after a lost
    /// reply, or from the spool) stores nothing and returns the stored shot's id.
    @discardableResult
    public func save(_ shot: Shot, sessionID: Int64, key: String = ShotStore.newKey()) throws -> Int64 {
        try database.inTransaction {
            // A clear error instead of SQLite's "FOREIGN KEY constraint failed", which names no table.
            _ = try endedAt(sessionID: sessionID)
            if let id = try insertShot(shot, sessionID: sessionID, key: key, annotations: nil) { return id }
            let query = try database.prepare("SELECT id FROM shot WHERE uuid = ?")
            try query.bind(key, at: 1)
            _ = try query.step()
            return try query.required(query.int64(at: 0), at: 0)
        }
    }

    /// Inserts the shot with its trajectory inside the caller's transaction; nil when a shot of that key is stored already.
    func insertShot(_ shot: Shot, sessionID: Int64, key: String, annotations: ShotAnnotations?) throws -> Int64? {
        let columns = MeasurementField.all
        let annotationNames = annotations == nil ? [] : ["created_at", "result", "pins_left", "rejected"]
        let names = ["session_id", "shot_number", "release_time_s", "hand", "uuid"] + columns.map(\.name) + annotationNames
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let insert = try database.prepare("""
            INSERT INTO shot (\(names.joined(separator: ", "))) VALUES (\(placeholders))
            ON CONFLICT (uuid) DO NOTHING RETURNING id
            """)
        try insert.bind(sessionID, at: 1)
        try insert.bind(shot.shotNumber, at: 2)
        try insert.bind(shot.releaseTimeS, at: 3)
        try insert.bind(shot.hand.rawValue, at: 4)
        try insert.bind(key, at: 5)
        for (offset, field) in columns.enumerated() {
            let index = Int32(6 + offset)
            switch field.value {
            case let .number(keyPath): try insert.bind(shot.measurements[keyPath: keyPath], at: index)
            case let .text(keyPath): try insert.bind(shot.measurements[keyPath: keyPath], at: index)
            }
        }
        if let annotations {
            let first = Int32(6 + columns.count)
            try insert.bind(annotations.createdAt, at: first)
            try insert.bind(annotations.result, at: first + 1)
            try insert.bind(annotations.pinsLeft, at: first + 2)
            try insert.bind(annotations.rejected, at: first + 3)
        }
        guard let shotID = try insert.insertedID() else { return nil }
        try insertTrajectory(shot.trajectory, shotID: shotID)
        return shotID
    }

    /// Inserts the points `pointsPerInsert` at a time, one multi-row INSERT each.
    private func insertTrajectory(_ points: [TrajectoryPoint], shotID: Int64) throws {
        var start = 0
        while start < points.count {
            let chunk = points[start..<min(start + Self.pointsPerInsert, points.count)]
            let row = "(" + Array(repeating: "?", count: 11).joined(separator: ", ") + ")"
            let insert = try database.prepare("""
                INSERT INTO trajectory_point (shot_id, frame, time_s, x_px, y_px, radius_px, board, distance_ft,
                                              reference_frame, reference_x_px, reference_y_px)
                VALUES \(Array(repeating: row, count: chunk.count).joined(separator: ", "))
                """)
            for (offset, point) in chunk.enumerated() {
                let base = Int32(offset * 11)
                try insert.bind(shotID, at: base + 1)
                try insert.bind(point.frame, at: base + 2)
                try insert.bind(point.timeS, at: base + 3)
                try insert.bind(point.xPx, at: base + 4)
                try insert.bind(point.yPx, at: base + 5)
                try insert.bind(point.radiusPx, at: base + 6)
                try insert.bind(point.board, at: base + 7)
                try insert.bind(point.distanceFt, at: base + 8)
                try insert.bind(point.referenceFrame, at: base + 9)
                try insert.bind(point.referenceXPx, at: base + 10)
                try insert.bind(point.referenceYPx, at: base + 11)
            }
            try insert.run()
            start += chunk.count
        }
    }

    /// The session's shots in shot-number order, each with its trajectory in frame order.
    public func shots(sessionID: Int64) throws -> [Shot] {
        _ = try endedAt(sessionID: sessionID)
        let query = try database.prepare("""
            SELECT \(Self.shotColumnList(alias: "shot"))
            FROM shot WHERE session_id = ? ORDER BY shot_number
            """)
        try query.bind(sessionID, at: 1)
        let trajectoryQuery = try prepareTrajectoryQuery()
        var shots: [Shot] = []
        while try query.step() {
            shots.append(try shot(in: query, firstColumn: 0, trajectoryQuery: trajectoryQuery))
        }
        return shots
    }

    /// The columns `shot(in:firstColumn:trajectoryQuery:)` reads, for a query on table alias `alias`.
    static func shotColumnList(alias: String) -> String {
        (["id", "shot_number", "release_time_s", "hand"] + MeasurementField.all.map(\.name)).map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// The shot in the current row, whose columns from `firstColumn` on are `shotColumnList`, with its trajectory.
    func shot(in query: any PreparedStatement, firstColumn: Int32, trajectoryQuery: any PreparedStatement) throws -> Shot {
        var measurements = ShotMeasurements()
        for (offset, field) in MeasurementField.all.enumerated() {
            let index = firstColumn + Int32(4 + offset)
            switch field.value {
            case let .number(keyPath): measurements[keyPath: keyPath] = query.double(at: index)
            case let .text(keyPath): measurements[keyPath: keyPath] = query.text(at: index)
            }
        }
        let shotID = try query.required(query.int64(at: firstColumn), at: firstColumn)
        return Shot(
            shotNumber: try query.required(query.int(at: firstColumn + 1), at: firstColumn + 1),
            releaseTimeS: try query.required(query.double(at: firstColumn + 2), at: firstColumn + 2),
            hand: try Self.hand(in: query, at: firstColumn + 3),
            measurements: measurements,
            trajectory: try trajectory(shotID: shotID, query: trajectoryQuery)
        )
    }

    /// The query `trajectory(shotID:query:)` runs, prepared once per listing.
    func prepareTrajectoryQuery() throws -> any PreparedStatement {
        try database.prepare("""
            SELECT frame, time_s, x_px, y_px, radius_px, board, distance_ft, reference_frame, reference_x_px, reference_y_px
            FROM trajectory_point WHERE shot_id = ? ORDER BY frame
            """)
    }

    /// Runs the prepared trajectory query for one shot and leaves it ready for the next.
    private func trajectory(shotID: Int64, query: any PreparedStatement) throws -> [TrajectoryPoint] {
        defer { query.reset() }
        try query.bind(shotID, at: 1)
        var points: [TrajectoryPoint] = []
        while try query.step() {
            points.append(TrajectoryPoint(
                frame: try query.required(query.int(at: 0), at: 0),
                timeS: try query.required(query.double(at: 1), at: 1),
                xPx: try query.required(query.double(at: 2), at: 2),
                yPx: try query.required(query.double(at: 3), at: 3),
                radiusPx: try query.required(query.double(at: 4), at: 4),
                board: query.double(at: 5),
                distanceFt: query.double(at: 6),
                referenceFrame: query.int(at: 7),
                referenceXPx: query.double(at: 8),
                referenceYPx: query.double(at: 9)
            ))
        }
        return points
    }
}
