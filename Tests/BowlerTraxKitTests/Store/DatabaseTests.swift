import XCTest
@testable import BowlerTraxKit

final class DatabaseTests: StoreTestCase {
    func testFailingStatementInsideTransactionRollsBackAndKeepsEarlierShots() throws {
        let store = try makeStore()
        let sessionID = try store.openSession(name: "rollback", source: "/videos/r.mp4", hand: .right)
        let first = makeShot(number: 1, pointCount: 10)
        try store.save(first, sessionID: sessionID)

        XCTAssertThrowsError(try store.database.inTransaction {
            try store.database.execute("INSERT INTO shot (session_id, shot_number, release_time_s, hand) VALUES (\(sessionID), 2, 3.5, 'right')")
            try store.database.execute("INSERT INTO shot (session_id) VALUES (\(sessionID))")
        }) { error in
            XCTAssertEqual(error as? StoreError, .sqlite(code: 19, message: "NOT NULL constraint failed: shot.shot_number",
                                                         sql: "INSERT INTO shot (session_id) VALUES (\(sessionID))"))
        }
        XCTAssertTrue(try XCTUnwrap(store.database as? Database).isAutocommit)
        XCTAssertEqual(try store.shots(sessionID: sessionID), [first])
    }

    func testErrorInBodyIsRethrownAsTheFirstErrorNotTheRollbacks() throws {
        struct BodyError: Error {}
        let database = try Database(path: databasePath)
        try database.execute("CREATE TABLE t (x INTEGER)")
        XCTAssertThrowsError(try database.inTransaction {
            try database.execute("INSERT INTO t VALUES (1)")
            throw BodyError()
        }) { error in
            XCTAssertTrue(error is BodyError, "got \(error)")
        }
        XCTAssertEqual(try database.int64("SELECT count(*) FROM t"), 0)
    }

    func testSQLiteErrorPrintsAsOneLineWithCodeMessageAndStatement() {
        let error = StoreError.sqlite(code: 19, message: "NOT NULL constraint failed: shot.speed_mph",
                                      sql: "INSERT INTO shot (session_id, shot_number, release_time_s, hand, foul_line_board)\nVALUES (?, ?, ?, ?, ?)")
        XCTAssertEqual(error.description, "sqlite 19: NOT NULL constraint failed: shot.speed_mph (in INSERT INTO shot (session_id, shot_number, …)")
    }

    func testNaNIsRefusedRatherThanStoredAsNull() throws {
        let database = try Database(path: databasePath)
        try database.execute("CREATE TABLE t (x REAL)")
        let insert = try database.prepare("INSERT INTO t VALUES (?)")
        XCTAssertThrowsError(try insert.bind(Double.nan, at: 1)) { error in
            XCTAssertEqual(error as? StoreError, .notANumber(parameter: 1, sql: "INSERT INTO t VALUES (?)"))
        }
    }

    func testClosedConnectionReleasesTheFileForOthers() throws {
        do {
            let first = try Database(path: databasePath, busyTimeoutS: 0)
            try first.execute("CREATE TABLE t (x INTEGER); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);")
        }
        // The first connection's deinit closed it, which rolled back its open transaction and freed the lock.
        let second = try Database(path: databasePath, busyTimeoutS: 0)
        XCTAssertEqual(try second.int64("SELECT count(*) FROM t"), 0)
        try second.execute("INSERT INTO t VALUES (2)")
    }
}
