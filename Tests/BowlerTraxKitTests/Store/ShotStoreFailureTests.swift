import Foundation
import XCTest
@testable import BowlerTraxKit

/// How the store fails on files, directories, locks and disks it cannot use.
final class ShotStoreFailureTests: StoreTestCase {
    func testTextFileIsRefusedAsNotADatabaseAndLeftUnchanged() throws {
        let path = directory + "/notes.txt"
        let text = String(repeating: "Shot 1: 18.2 mph, hit the pocket, left the 10 pin.\n", count: 40)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))

        XCTAssertThrowsError(try ShotStore(path: path)) { error in
            XCTAssertEqual(error as? StoreError, .notADatabase(path: path))
            XCTAssertEqual("\(error)", "\(path) is not a SQLite database")
        }
        XCTAssertEqual(try fileBytes(path), Data(text.utf8))
        // Refused before the switch to WAL, so no -wal or -shm file appeared beside it either.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["notes.txt"])
    }

    /// Tests run as root, whom chmod does not stop, so the unwritable place is a path under a regular file.
    func testPathUnderARegularFileGivesCannotCreateDirectory() throws {
        let file = directory + "/file.txt"
        try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: file))

        assertThrows(.cannotCreateDirectory(path: file, reason: "a file of that name is in the way"),
                     try ShotStore(path: file + "/db.sqlite"))
    }

    /// Nobody, root included, can create a file directly in /proc.
    func testFileThatCannotBeCreatedGivesCannotOpen() throws {
        let path = "/proc/bowlertrax-\(UUID().uuidString).sqlite"
        XCTAssertThrowsError(try ShotStore(path: path)) { error in
            guard case let .cannotOpen(errorPath, message)? = error as? StoreError else {
                return XCTFail("expected cannotOpen, got \(error)")
            }
            XCTAssertEqual(errorPath, path)
            XCTAssertTrue(message.contains("errno"), "the OS reason is missing: \(message)")
        }
    }

    func testDirectoryThatCannotBeCreatedNamesTheDirectoryAndErrno() throws {
        let path = "/proc/bowlertrax-\(UUID().uuidString)/db.sqlite"
        XCTAssertThrowsError(try ShotStore(path: path)) { error in
            guard case let .cannotCreateDirectory(directoryPath, reason)? = error as? StoreError else {
                return XCTFail("expected cannotCreateDirectory, got \(error)")
            }
            XCTAssertEqual(directoryPath, (path as NSString).deletingLastPathComponent)
            XCTAssertTrue(reason.contains("errno"), reason)
        }
    }

    func testWriteWaitsForAnotherConnectionsLockThenFailsAsLocked() throws {
        let store = try makeStore(busyTimeoutS: 0.2)
        let sessionID = try store.openSession(name: "lock", source: "/dev/video0", hand: .right)
        let other = try Database(path: databasePath)
        try other.execute("BEGIN EXCLUSIVE")

        let startedAt = Date()
        XCTAssertThrowsError(try store.save(makeShot(number: 1, pointCount: 3), sessionID: sessionID)) { error in
            XCTAssertEqual(error as? StoreError, .locked(path: databasePath, timeoutS: 0.2, sql: "BEGIN IMMEDIATE"))
        }
        // A lower bound only: proves the write waited for the lock instead of failing at once.
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(startedAt), 0.15)

        try other.execute("ROLLBACK")
        try store.save(makeShot(number: 1, pointCount: 3), sessionID: sessionID)
        XCTAssertEqual(try store.shots(sessionID: sessionID).count, 1)
    }

    func testDiskFullIsReportedAndEarlierShotsSurvive() throws {
        let store = try makeStore()
        let sessionID = try store.openSession(name: "full", source: "/videos/full.mp4", hand: .left)
        let first = makeShot(number: 1, pointCount: 20)
        try store.save(first, sessionID: sessionID)
        // The page limit stands in for a full disk: SQLite reports both as SQLITE_FULL.
        let pageCount = try XCTUnwrap(store.database.int64("PRAGMA page_count"))
        try store.database.execute("PRAGMA max_page_count = \(pageCount + 2)")

        XCTAssertThrowsError(try store.save(makeShot(number: 2, pointCount: 3000), sessionID: sessionID)) { error in
            guard case .diskFull(databasePath, _)? = error as? StoreError else {
                return XCTFail("expected diskFull, got \(error)")
            }
        }
        XCTAssertEqual(try store.shots(sessionID: sessionID), [first])
    }
}
