import XCTest
@testable import BowlerTraxKit

/// A PostgreSQL server that refuses, lacks the database, holds another schema version, or dies mid-transaction:
/// one clear line each, and nothing half-written.
final class PostgresFailureTests: StoreTestCase {
    private var admin = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard let admin = TestPostgres.adminURI else { throw XCTSkip("BOWLERTRAX_TEST_POSTGRES is not set; scripts/test starts a server and sets it") }
        self.admin = admin
    }

    /// A new empty database on the test server, dropped at the end of the test.
    private func makeDatabase() throws -> String {
        let uri = try TestPostgres.createDatabase(admin: admin)
        addTeardownBlock { [admin] in try? TestPostgres.dropDatabase(uri, admin: admin) }
        return uri
    }

    func testWrongPasswordIsOneLineWithoutThePassword() throws {
        let role = "bowlertrax_lane_" + UUID().uuidString.prefix(8).lowercased()
        try PostgresDatabase(uri: admin).execute("CREATE ROLE \(role) LOGIN PASSWORD 'right'")
        addTeardownBlock { [admin] in try? PostgresDatabase(uri: admin).execute("DROP ROLE \(role)") }
        let uri = admin.replacingOccurrences(of: "postgresql://bowlertrax@", with: "postgresql://\(role):wrong@")
        XCTAssertThrowsError(try ShotStore(path: uri)) { error in
            let line = "\(error)"
            XCTAssertTrue(line.hasPrefix("cannot connect to postgresql://\(role)@/postgres?"), line)
            XCTAssertTrue(line.hasSuffix("password authentication failed for user \"\(role)\""), line)
            XCTAssertFalse(line.contains("wrong") || line.contains("\n"), line)
            XCTAssertEqual((error as? StoreError)?.isServerUnavailable, true)
        }
    }

    func testMissingDatabaseIsOneLineNamingIt() throws {
        let uri = TestPostgres.uri(admin, database: "no_such_bowlertrax_db")
        XCTAssertThrowsError(try ShotStore(path: uri)) { error in
            XCTAssertTrue("\(error)".hasSuffix("database \"no_such_bowlertrax_db\" does not exist"), "\(error)")
        }
    }

    func testUnreachableServerIsOneLine() throws {
        let uri = "postgresql://bowlertrax@/postgres?host=\(directory)&port=1"
        XCTAssertThrowsError(try ShotStore(path: uri)) { error in
            let line = "\(error)"
            XCTAssertTrue(line.hasPrefix("cannot connect to \(uri): connection to server on socket"), line)
            XCTAssertTrue(line.hasSuffix("No such file or directory Is the server running locally and accepting connections on that socket?"), line)
        }
    }

    func testServerOfAnOlderSchemaIsMigratedKeepingItsData() throws {
        let uri = try makeDatabase()
        let older = try PostgresDatabase(uri: uri)
        XCTAssertEqual(try older.migrate(Array(StoreSchema.migrations.prefix(2))), 2)
        try older.execute("INSERT INTO session (name, source, hand) VALUES ('week 1', '/v/1.mp4', 'right')")
        let store = try ShotStore(path: uri)
        XCTAssertEqual(store.schemaVersion, StoreSchema.migrations.count)
        XCTAssertEqual(try store.sessions().map(\.name), ["week 1"])
        XCTAssertEqual(try store.database.int64("SELECT count(*) FROM session WHERE uuid IS NULL"), 0)
    }

    func testServerOfANewerSchemaIsRefusedAndLeftAlone() throws {
        let uri = try makeDatabase()
        try ShotStore(path: uri).database.execute("INSERT INTO schema_migrations (name) VALUES ('v9: spare pickups')")
        let known = StoreSchema.migrations.count
        assertThrows(.newerSchema(path: uri, foundVersion: known + 1, knownVersion: known, unknownMigrations: ["v9: spare pickups"]),
                     try ShotStore(path: uri))
    }

    func testServerDyingMidTransactionLeavesNothingHalfWritten() throws {
        let uri = try makeDatabase()
        let store = try ShotStore(path: uri)
        let sessionID = try store.openSession(name: "lane 3", source: "/dev/video0", hand: .right)
        let killer = try PostgresDatabase(uri: admin)
        let backend = try XCTUnwrap(store.database.int64("SELECT pg_backend_pid()"))
        XCTAssertThrowsError(try store.database.inTransaction {
            try store.database.execute("INSERT INTO shot (session_id, shot_number, release_time_s, hand, uuid) VALUES (\(sessionID), 1, 0.5, 'right', 'a')")
            _ = try killer.int64("SELECT count(*) FROM pg_terminate_backend(\(backend))")
            try store.database.execute("INSERT INTO shot (session_id, shot_number, release_time_s, hand, uuid) VALUES (\(sessionID), 2, 0.9, 'right', 'b')")
        }) { error in
            XCTAssertEqual(error as? StoreError, .connectionLost(server: uri, sql: "INSERT INTO shot (session_id, shot_number, release_time_s, hand, uuid) VALUES (\(sessionID), 2, 0.9, 'right', 'b')"))
            XCTAssertEqual("\(error)", "lost the connection to \(uri) (in INSERT INTO shot (session_id, shot_number, …)")
        }
        // The same store connects again by itself and finds no trace of the transaction.
        XCTAssertEqual(try store.database.int64("SELECT count(*) FROM shot"), 0)
        try store.save(makeShot(number: 1, pointCount: 3), sessionID: sessionID)
        XCTAssertEqual(try store.session(id: sessionID).shotCount, 1)
    }
}
