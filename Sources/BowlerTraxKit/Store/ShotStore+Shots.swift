extension ShotStore {
    /// Stores the shot and its whole trajectory in one transaction (never half a shot) and returns the shot's id.
    @discardableResult
    public func save(_ shot: Shot, sessionID: Int64) throws -> Int64 {
        let columns = MeasurementField.all
        let names = ["session_id", "shot_number", "release_time_s", "hand"] + columns.map(\.name)
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let shotSQL = "INSERT INTO shot (\(names.joined(separator: ", "))) VALUES (\(placeholders))"
        return try database.inTransaction {
            // A clear error instead of SQLite's "FOREIGN KEY constraint failed", which names no table.
            _ = try endedAt(sessionID: sessionID)
            let insertShot = try database.prepare(shotSQL)
            try insertShot.bind(sessionID, at: 1)
            try insertShot.bind(shot.shotNumber, at: 2)
            try insertShot.bind(shot.releaseTimeS, at: 3)
            try insertShot.bind(shot.hand.rawValue, at: 4)
            for (offset, field) in columns.enumerated() {
                let index = Int32(5 + offset)
                switch field.value {
                case let .number(keyPath): try insertShot.bind(shot.measurements[keyPath: keyPath], at: index)
                case let .text(keyPath): try insertShot.bind(shot.measurements[keyPath: keyPath], at: index)
                }
            }
            try insertShot.run()
            let shotID = database.lastInsertRowID
            try insertTrajectory(shot.trajectory, shotID: shotID)
            return shotID
        }
    }

    private func insertTrajectory(_ points: [TrajectoryPoint], shotID: Int64) throws {
        let insert = try database.prepare("""
            INSERT INTO trajectory_point (shot_id, frame, time_s, x_px, y_px, radius_px, board, distance_ft,
                                          reference_frame, reference_x_px, reference_y_px)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for point in points {
            try insert.bind(shotID, at: 1)
            try insert.bind(point.frame, at: 2)
            try insert.bind(point.timeS, at: 3)
            try insert.bind(point.xPx, at: 4)
            try insert.bind(point.yPx, at: 5)
            try insert.bind(point.radiusPx, at: 6)
            try insert.bind(point.board, at: 7)
            try insert.bind(point.distanceFt, at: 8)
            try insert.bind(point.referenceFrame, at: 9)
            try insert.bind(point.referenceXPx, at: 10)
            try insert.bind(point.referenceYPx, at: 11)
            try insert.run()
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
    func shot(in query: Statement, firstColumn: Int32, trajectoryQuery: Statement) throws -> Shot {
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
    func prepareTrajectoryQuery() throws -> Statement {
        try database.prepare("""
            SELECT frame, time_s, x_px, y_px, radius_px, board, distance_ft, reference_frame, reference_x_px, reference_y_px
            FROM trajectory_point WHERE shot_id = ? ORDER BY frame
            """)
    }

    /// Runs the prepared trajectory query for one shot and leaves it ready for the next.
    private func trajectory(shotID: Int64, query: Statement) throws -> [TrajectoryPoint] {
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
