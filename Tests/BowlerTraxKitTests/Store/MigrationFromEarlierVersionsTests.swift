import Foundation
import XCTest
@testable import BowlerTraxKit

/// Every earlier schema version, made with that version's own migrations and filled with data,
/// must migrate to the current one and keep every value.
final class MigrationFromEarlierVersionsTests: StoreTestCase {
    /// A database at schema `version` (1-based), made by applying only the first `version` migrations.
    private func makeDatabase(atVersion version: Int) throws -> Database {
        let database = try Database(path: databasePath)
        XCTAssertEqual(try database.migrate(Array(StoreSchema.migrations.prefix(version))), version)
        return database
    }

    /// Fills a v1 database through v1's columns only: two sessions, three shots with trajectories, a ball profile.
    private func fillVersion1(_ database: Database) throws {
        try database.execute("""
            INSERT INTO session (id, name, source, hand, started_at, ended_at, notes)
                VALUES (1, 'league night', '/v/a.mp4', 'right', '2025-03-01T19:00:00.000Z', '2025-03-01T21:00:00.000Z', 'lane 12'),
                       (2, 'practice', '/dev/video0', 'left', '2025-03-08T10:00:00.000Z', NULL, NULL);
            INSERT INTO shot (id, session_id, shot_number, release_time_s, hand, arrows_board, entry_board, average_speed_mph, predicted_leave)
                VALUES (10, 1, 1, 1.25, 'right', 10.5, 17.25, 17.75, '10 pin'),
                       (11, 1, 2, 9.5, 'right', 11.0, 18.0, 18.25, NULL),
                       (12, 2, 1, 3.0, 'left', 9.0, NULL, 16.5, NULL);
            INSERT INTO trajectory_point (shot_id, frame, time_s, x_px, y_px, radius_px, board, distance_ft)
                VALUES (10, 5, 0.1, 640.5, 700.25, 30.0, 12.5, 1.0), (10, 6, 0.2, 641.5, 690.0, 29.5, 12.75, 2.5),
                       (12, 1, 0.05, 600.0, 710.0, 31.0, NULL, NULL);
            """)
        // The profile JSON as v1's saveBallProfile wrote it.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let profile = BallProfile(colors: [HSVColor(hueDeg: 220, saturationPct: 85, valuePct: 75)], markerColors: [])
        let insert = try database.prepare("INSERT INTO ball_profile (name, profile_json) VALUES ('Blue', ?)")
        try insert.bind(String(decoding: try encoder.encode(profile), as: UTF8.self), at: 1)
        try insert.run()
    }

    func testVersion1DatabaseMigratesToCurrentAndKeepsItsData() throws {
        try fillVersion1(try makeDatabase(atVersion: 1))

        let store = try makeStore()
        XCTAssertEqual(store.schemaVersion, StoreSchema.migrations.count)
        let sessions = try store.sessions()
        XCTAssertEqual(sessions.map(\.name), ["league night", "practice"])
        XCTAssertEqual(sessions.map(\.shotCount), [2, 1])
        XCTAssertEqual(sessions[0].notes, "lane 12")
        XCTAssertEqual(sessions[0].endedAt, "2025-03-01T21:00:00.000Z")
        XCTAssertEqual(sessions[1].hand, .left)
        // v2's columns on old rows: practice, no details, no result, not rejected.
        XCTAssertEqual(sessions.map(\.details), [SessionDetails(kind: .practice), SessionDetails(kind: .practice)])
        let shots = try store.storedShots()
        XCTAssertEqual(shots.map(\.id), [10, 11, 12])
        XCTAssertEqual(shots.map(\.shot.measurements.averageSpeedMph), [17.75, 18.25, 16.5])
        XCTAssertEqual(shots[0].shot.measurements.predictedLeave, "10 pin")
        XCTAssertEqual(shots[0].shot.trajectory.map(\.board), [12.5, 12.75])
        XCTAssertEqual(shots[2].shot.trajectory.map(\.xPx), [600.0])
        XCTAssertEqual(shots.map(\.result), [nil, nil, nil])
        XCTAssertEqual(shots.map(\.rejected), [false, false, false])
        XCTAssertEqual(try store.ballProfiles().map(\.name), ["Blue"])
        XCTAssertEqual(try store.ballProfile(named: "Blue")?.colors.first?.hueDeg, 220)
    }

    func testMigratedVersion1DatabaseTakesVersion2Data() throws {
        try fillVersion1(try makeDatabase(atVersion: 1))

        let store = try makeStore()
        try store.setResult(.spare, pinsLeft: [10], shotID: 10)
        try store.addCenter("Lucky Lanes")
        let id = try store.openSession(name: "after upgrade", source: "/v/b.mp4", hand: .right,
                                       details: SessionDetails(bowler: "Ann", center: "Lucky Lanes", laneNumber: 3, ball: "Blue", kind: .league))
        XCTAssertEqual(try store.storedShot(id: 10).pinsLeft, [10])
        XCTAssertEqual(try store.session(id: id).details.center, "Lucky Lanes")
    }

    func testEveryEarlierVersionMigratesToCurrent() throws {
        for version in 1..<StoreSchema.migrations.count {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: databasePath + suffix) }
            _ = try makeDatabase(atVersion: version)
            let store = try ShotStore(path: databasePath)
            XCTAssertEqual(store.schemaVersion, StoreSchema.migrations.count, "from version \(version)")
            XCTAssertEqual(try store.integrityCheck(), "ok", "from version \(version)")
        }
    }
}
