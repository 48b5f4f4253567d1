import FoundationEssentials

/// A bowling centre known to the store.
public struct CenterRecord: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var createdAt: String
    /// Lanes of this centre that have at least one stored calibration.
    public var calibratedLanes: [Int]
}

/// A calibration stored for one lane of a centre.
public struct CalibrationRecord: Sendable, Equatable {
    public var id: Int64
    public var center: String
    public var laneNumber: Int
    /// ISO-8601 UTC; the newest one per lane is the one `analyze --center --lane` uses.
    public var createdAt: String
    public var file: CalibrationFile
}

extension ShotStore {
    /// Adds a centre and returns its id; names are unique.
    @discardableResult
    public func addCenter(_ name: String) throws -> Int64 {
        let insert = try database.prepare("INSERT INTO center (name) VALUES (?) ON CONFLICT (name) DO NOTHING RETURNING id")
        try insert.bind(name, at: 1)
        guard let id = try insert.insertedID() else { throw StoreError.centerExists(name: name) }
        return id
    }

    /// All centres by name.
    public func centers() throws -> [CenterRecord] {
        let lanes = try database.prepare("SELECT DISTINCT l.center_id, l.number FROM lane l JOIN calibration k ON k.lane_id = l.id ORDER BY l.number")
        var calibratedLanes: [Int64: [Int]] = [:]
        while try lanes.step() {
            calibratedLanes[try lanes.required(lanes.int64(at: 0), at: 0), default: []].append(try lanes.required(lanes.int(at: 1), at: 1))
        }
        let query = try database.prepare("SELECT id, name, created_at FROM center ORDER BY name")
        var records: [CenterRecord] = []
        while try query.step() {
            let id = try query.required(query.int64(at: 0), at: 0)
            records.append(CenterRecord(
                id: id,
                name: try query.required(query.text(at: 1), at: 1),
                createdAt: try query.required(query.text(at: 2), at: 2),
                calibratedLanes: calibratedLanes[id] ?? []
            ))
        }
        return records
    }

    /// Stores `file` as the newest calibration of lane `lane` at `center` (which must exist) and returns its id.
    public func saveCalibration(_ file: CalibrationFile, center: String, lane: Int) throws -> Int64 {
        precondition(lane >= 1, "lane numbers start at 1")
        return try database.inTransaction {
            let laneID = try self.laneID(centerID: try centerID(center), number: lane)
            let insert = try database.prepare("INSERT INTO calibration (lane_id, calibration_json, uuid) VALUES (?, ?, ?) RETURNING id")
            try insert.bind(laneID, at: 1)
            try insert.bind(String(decoding: file.jsonData(), as: UTF8.self), at: 2)
            try insert.bind(Self.newKey(), at: 3)
            return try insert.required(insert.insertedID(), at: 0)
        }
    }

    /// The newest calibration of that lane, nil when it has none; throws `unknownCenter` for a centre not added.
    public func latestCalibration(center: String, lane: Int) throws -> CalibrationFile? {
        _ = try centerID(center)
        return try calibrations(center: center, lane: lane).last?.file
    }

    /// Stored calibrations, oldest first, optionally only one centre's or one lane's.
    public func calibrations(center: String? = nil, lane: Int? = nil) throws -> [CalibrationRecord] {
        var conditions = QueryConditions()
        if let center { conditions.add("c.name = ?", .text(center)) }
        if let lane { conditions.add("l.number = ?", .integer(Int64(lane))) }
        let query = try database.prepare("""
            SELECT k.id, c.name, l.number, k.created_at, k.calibration_json
            FROM calibration k JOIN lane l ON l.id = k.lane_id JOIN center c ON c.id = l.center_id
            WHERE \(conditions.sql)
            ORDER BY c.name, l.number, k.created_at, k.id
            """)
        try conditions.bind(to: query)
        var records: [CalibrationRecord] = []
        while try query.step() {
            let id = try query.required(query.int64(at: 0), at: 0)
            let json = try query.required(query.text(at: 4), at: 4)
            let file: CalibrationFile
            do { file = try CalibrationFile.parse(Data(json.utf8), path: "calibration \(id)") } catch {
                throw StoreError.calibrationUnreadable(id: id, reason: "\(error)")
            }
            records.append(CalibrationRecord(
                id: id,
                center: try query.required(query.text(at: 1), at: 1),
                laneNumber: try query.required(query.int(at: 2), at: 2),
                createdAt: try query.required(query.text(at: 3), at: 3),
                file: file
            ))
        }
        return records
    }

    /// The centre's id; throws `unknownCenter`, listing the known ones, for a name never added.
    func centerID(_ name: String) throws -> Int64 {
        let query = try database.prepare("SELECT id FROM center WHERE name = ?")
        try query.bind(name, at: 1)
        guard try query.step() else { throw StoreError.unknownCenter(name: name, known: try centers().map(\.name)) }
        return try query.required(query.int64(at: 0), at: 0)
    }

    /// The lane's id, adding the lane on first use.
    func laneID(centerID: Int64, number: Int) throws -> Int64 {
        let insert = try database.prepare("INSERT INTO lane (center_id, number) VALUES (?, ?) ON CONFLICT (center_id, number) DO NOTHING")
        try insert.bind(centerID, at: 1)
        try insert.bind(number, at: 2)
        try insert.run()
        let query = try database.prepare("SELECT id FROM lane WHERE center_id = ? AND number = ?")
        try query.bind(centerID, at: 1)
        try query.bind(number, at: 2)
        _ = try query.step()
        return try query.required(query.int64(at: 0), at: 0)
    }
}
