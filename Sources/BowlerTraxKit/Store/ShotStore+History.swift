extension ShotStore {
    /// The stored shots `filter` selects, oldest session first, each session's shots in order.
    public func storedShots(_ filter: ShotFilter = ShotFilter()) throws -> [StoredShot] {
        var conditions = QueryConditions()
        if let ids = filter.sessionIDs {
            conditions.add(ids.isEmpty ? "1 = 0" : "s.id IN (" + ids.map { _ in "?" }.joined(separator: ", ") + ")", values: ids.map { .integer($0) })
        }
        if let from = filter.fromDate { conditions.add("s.started_at >= ?", .text(from)) }
        if let to = filter.toDate { conditions.add("s.started_at < ?", .text(try Self.dayAfter(to))) }
        if let ball = filter.ball { conditions.add("s.ball = ?", .text(ball)) }
        if let center = filter.center { conditions.add("c.name = ?", .text(center)) }
        if !filter.includeRejected { conditions.add("t.rejected = 0") }
        if let bowler = filter.bowler { conditions.add("b.name = ?", .text(bowler)) }
        let query = try database.prepare("""
            SELECT s.id, s.name, s.started_at, b.name, c.name, s.lane_number, s.oil_pattern, s.ball, s.kind,
                   t.result, t.pins_left, t.rejected, \(Self.shotColumnList(alias: "t"))
            FROM shot t JOIN session s ON s.id = t.session_id
                 LEFT JOIN bowler b ON b.id = s.bowler_id LEFT JOIN center c ON c.id = s.center_id
            WHERE \(conditions.sql)
            ORDER BY s.started_at, s.id, t.shot_number
            """)
        try conditions.bind(to: query)
        let trajectoryQuery = try prepareTrajectoryQuery()
        var shots: [StoredShot] = []
        while try query.step() {
            shots.append(try storedShot(in: query, trajectoryQuery: trajectoryQuery))
        }
        return shots
    }

    /// The stored shot of that id, rejected or not.
    public func storedShot(id: Int64) throws -> StoredShot {
        let sessionID = try sessionID(ofShot: id)
        guard let shot = try storedShots(ShotFilter(sessionIDs: [sessionID], includeRejected: true)).first(where: { $0.id == id }) else {
            throw StoreError.shotNotFound(id: id)
        }
        return shot
    }

    /// Hides the shot from statistics (`rejected = true`) or brings it back; the shot itself is never deleted.
    public func setRejected(_ rejected: Bool, shotID: Int64) throws {
        let update = try database.prepare("UPDATE shot SET rejected = ? WHERE id = ?")
        try update.bind(rejected ? 1 : 0, at: 1)
        try update.bind(shotID, at: 2)
        guard try update.run() > 0 else { throw StoreError.shotNotFound(id: shotID) }
    }

    /// Records what really happened; nil clears it. `pinsLeft` are the pins standing after the shot (none for a strike).
    public func setResult(_ result: ShotResult?, pinsLeft: [Int] = [], shotID: Int64) throws {
        let pins = pinsLeft.sorted()
        guard pins.allSatisfy({ (1...10).contains($0) }), Set(pins).count == pins.count else { throw StoreError.invalidPins(pins: pinsLeft) }
        if result == .strike, !pins.isEmpty { throw StoreError.strikeWithPinsLeft(pins: pins) }
        let update = try database.prepare("UPDATE shot SET result = ?, pins_left = ? WHERE id = ?")
        try update.bind(result?.rawValue, at: 1)
        try update.bind(pins.isEmpty ? nil : pins.map(String.init).joined(separator: ","), at: 2)
        try update.bind(shotID, at: 3)
        guard try update.run() > 0 else { throw StoreError.shotNotFound(id: shotID) }
    }

    /// The day after `day` (YYYY-MM-DD, UTC): a range's last day is included up to its end.
    private static func dayAfter(_ day: String) throws -> String {
        guard let date = CalendarDay.date(day) else { throw StoreError.invalidStoredValue(column: "to date", value: day) }
        return CalendarDay.text(date.addingTimeInterval(86_400))
    }

    private func sessionID(ofShot id: Int64) throws -> Int64 {
        let query = try database.prepare("SELECT session_id FROM shot WHERE id = ?")
        try query.bind(id, at: 1)
        guard try query.step() else { throw StoreError.shotNotFound(id: id) }
        return try query.required(query.int64(at: 0), at: 0)
    }

    /// Reads the row of `storedShots`' query: 12 session and result columns, then `shotColumnList`.
    private func storedShot(in query: any PreparedStatement, trajectoryQuery: any PreparedStatement) throws -> StoredShot {
        let kindText = try query.required(query.text(at: 8), at: 8)
        guard let kind = SessionKind(rawValue: kindText) else { throw StoreError.invalidStoredValue(column: "kind", value: kindText) }
        let result = try query.text(at: 9).map { text in
            guard let result = ShotResult(rawValue: text) else { throw StoreError.invalidStoredValue(column: "result", value: text) }
            return result
        }
        let pinsText = query.text(at: 10) ?? ""
        let pins = pinsText.split(separator: ",").map { Int($0) }
        guard pins.allSatisfy({ $0 != nil }) else { throw StoreError.invalidStoredValue(column: "pins_left", value: pinsText) }
        let shot = try self.shot(in: query, firstColumn: 12, trajectoryQuery: trajectoryQuery)
        return StoredShot(
            id: try query.required(query.int64(at: 12), at: 12),
            sessionID: try query.required(query.int64(at: 0), at: 0),
            sessionName: try query.required(query.text(at: 1), at: 1),
            sessionStartedAt: try query.required(query.text(at: 2), at: 2),
            details: SessionDetails(bowler: query.text(at: 3), center: query.text(at: 4), laneNumber: query.int(at: 5),
                                    oilPattern: query.text(at: 6), ball: query.text(at: 7), kind: kind),
            shot: shot,
            result: result,
            pinsLeft: pins.compactMap { $0 },
            rejected: try query.required(query.int(at: 11), at: 11) == 1
        )
    }
}
