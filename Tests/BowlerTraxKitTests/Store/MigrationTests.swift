import XCTest
@testable import BowlerTraxKit

final class MigrationTests: StoreTestCase {
    func testMigrationsCreateTheSchemaAndRecordIt() throws {
        let store = try makeStore()
        XCTAssertEqual(store.schemaVersion, 4)
        XCTAssertEqual(try store.database.appliedMigrationNames(), ["v1: sessions, shots, trajectories, ball profiles",
                                                                    "v2: bowlers, centres, lanes, calibrations, session details, shot results",
                                                                    "v3: trajectory points in the reference view",
                                                                    "v4: keys that follow sessions, shots and calibrations between stores"])
        XCTAssertEqual(try store.database.int64("PRAGMA user_version"), 4)
        let tables = try store.database.strings("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        XCTAssertEqual(tables, ["ball_profile", "bowler", "calibration", "center", "lane", "schema_migrations", "session", "shot", "trajectory_point"])
        let shotColumns = try store.database.strings("SELECT name FROM pragma_table_info('shot')")
        for field in MeasurementField.all {
            XCTAssertTrue(shotColumns.contains(field.name), "shot lacks \(field.name)")
        }
    }

    func testStoreRunsInWALModeWithForeignKeysOn() throws {
        let store = try makeStore()
        XCTAssertEqual(try store.database.strings("PRAGMA journal_mode"), ["wal"])
        XCTAssertEqual(try store.database.int64("PRAGMA foreign_keys"), 1)
    }

    func testReopeningDoesNotRerunMigrations() throws {
        var store: ShotStore? = try ShotStore(path: databasePath)
        let firstRecord = try store?.database.strings("SELECT name || ' @ ' || applied_at FROM schema_migrations")
        let sessionID = try store?.openSession(name: "league night", source: "/videos/a.mp4", hand: .right)
        store = nil

        let reopened = try makeStore()
        XCTAssertEqual(reopened.schemaVersion, 4)
        XCTAssertEqual(try reopened.database.strings("SELECT name || ' @ ' || applied_at FROM schema_migrations"), firstRecord)
        XCTAssertEqual(try reopened.sessions().map(\.id), [try XCTUnwrap(sessionID)])
    }

    func testDatabaseWithUnknownNewerMigrationIsRefusedAndLeftByteIdentical() throws {
        do {
            let newer = try ShotStore(path: databasePath)
            try newer.database.execute("""
                INSERT INTO schema_migrations (name) VALUES ('v5: spare pickups');
                PRAGMA user_version = 5;
                """)
        }
        let before = try fileBytes(databasePath)

        assertThrows(.newerSchema(path: databasePath, foundVersion: 5, knownVersion: 4, unknownMigrations: ["v5: spare pickups"]),
                     try ShotStore(path: databasePath))
        XCTAssertEqual(try fileBytes(databasePath), before)
    }

    func testNewerSchemaErrorSaysWhichVersionsAndWhatToDo() {
        let error = StoreError.newerSchema(path: "/d/b.sqlite", foundVersion: 2, knownVersion: 1, unknownMigrations: ["v2: x"])
        XCTAssertEqual(error.description, "/d/b.sqlite was written by a newer BowlerTrax: it has schema version 2 (unknown migrations: \"v2: x\"), this build knows version 1; update BowlerTrax to open it")
    }

    func testSQLiteDatabaseOfAnotherProgramIsRefusedAndNotMigrated() throws {
        do {
            let other = try Database(path: databasePath)
            try other.execute("CREATE TABLE photo (id INTEGER PRIMARY KEY, path TEXT)")
        }
        assertThrows(.notABowlerTraxDatabase(path: databasePath, tables: ["photo"]), try ShotStore(path: databasePath))
        let check = try Database(path: databasePath)
        XCTAssertFalse(try check.hasTable("schema_migrations"))
    }

    func testFailingMigrationLeavesNoTraceAndKeepsEarlierSteps() throws {
        let database = try Database(path: databasePath)
        let steps = [
            Migration(name: "a", sqlite: "CREATE TABLE a (x INTEGER)", postgres: ""),
            Migration(name: "b", sqlite: "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1)", postgres: ""),
        ]
        XCTAssertThrowsError(try database.migrate(steps)) { error in
            guard case let .sqlite(code, message, _)? = error as? StoreError else { return XCTFail("got \(error)") }
            XCTAssertEqual(code, 1)
            XCTAssertEqual(message, "no such table: nowhere")
        }
        XCTAssertEqual(try database.appliedMigrationNames(), ["a"])
        XCTAssertEqual(try database.int64("PRAGMA user_version"), 1)
        XCTAssertFalse(try database.hasTable("b"))
    }
}
