import Foundation
import XCTest
@testable import BowlerTraxKit

/// Storage faults met by `analyze --db`: one `Error:` line, the exit code of the fault's class, and the shot
/// stored before the fault still there with `PRAGMA integrity_check` passing.
final class StorageFaultTests: XCTestCase {
    private var directory: URL!
    private var mounted: [String] = []

    override func setUpWithError() throws {
        directory = try FaultsCLI.temporaryDirectory("storage-faults")
    }

    override func tearDownWithError() throws {
        for point in mounted.reversed() { _ = try? FaultsCLI.run(URL(fileURLWithPath: "/bin/umount"), [point]) }
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Analyses right-720p60 into `db`.
    private func analyze(into db: String) throws -> FaultsCLI.Outcome {
        try FaultsCLI.bowlertrax(FaultsCLI.analyzeArguments("right-720p60", extra: ["--db", db]))
    }

    /// Stores one shot in `db` and checks it is there.
    private func storeOneShot(in db: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try analyze(into: db)
        XCTAssertEqual(outcome.status, 0, outcome.stderr, file: file, line: line)
        XCTAssertEqual(FaultsCLI.savedShots(in: outcome.stderr).count, 1, outcome.stderr, file: file, line: line)
        try assertIntact(db, shots: 1, file: file, line: line)
    }

    private func assertIntact(_ db: String, shots: Int64, file: StaticString = #filePath, line: UInt = #line) throws {
        let state = try FaultsCLI.inspect(database: db)
        XCTAssertEqual(state.shots, shots, "shots in \(db)", file: file, line: line)
        XCTAssertGreaterThan(state.points, 0, file: file, line: line)
        XCTAssertEqual(state.integrity, ["ok"], file: file, line: line)
    }

    /// Mounts a tmpfs of `sizeKiB` at `name` (needs root); skips the test where mounting is not allowed.
    private func mountTmpfs(_ name: String, sizeKiB: Int) throws -> String {
        let point = path(name)
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        guard getuid() == 0,
              try FaultsCLI.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=\(sizeKiB)k", "tmpfs", point]).status == 0 else {
            throw XCTSkip("mounting a tmpfs needs root; the store's own tests cover this fault with PRAGMA max_page_count")
        }
        mounted.append(point)
        return point
    }

    func testTextFileIsRefusedAndLeftUnchanged() throws {
        let db = path("notes.sqlite")
        let text = Data("shopping list: shoes, towel, wrist brace\n".utf8)
        try text.write(to: URL(fileURLWithPath: db))
        let outcome = try analyze(into: db)
        XCTAssertEqual(outcome.status, 78)
        XCTAssertEqual(outcome.stderr, "Error: \(db) is not a SQLite database\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), text)
    }

    func testCorruptDatabaseIsRefusedAndNotWrittenTo() throws {
        let db = path("shots.sqlite")
        try storeOneShot(in: db)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: db)))
        // Page 2 onwards (4096-byte pages): the tables' b-tree pages, scrambled; page 1's header stays valid.
        for offset in 4096..<min(bytes.count, 3 * 4096) { bytes[offset] = UInt8(truncatingIfNeeded: offset &* 2_654_435_761 >> 13) }
        try Data(bytes).write(to: URL(fileURLWithPath: db))
        let outcome = try analyze(into: db)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("Error: \(db) is damaged"), outcome.stderr)
        XCTAssertEqual(FaultsCLI.savedShots(in: outcome.stderr).count, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)), Data(bytes), "a damaged database is left as it was")
    }

    func testDatabaseFromANewerVersionIsRefusedAndKept() throws {
        let db = path("shots.sqlite")
        try storeOneShot(in: db)
        let known = StoreSchema.migrations.count, future = "v\(known + 1): from the future"
        try Database(path: db).execute("INSERT INTO schema_migrations (name) VALUES ('\(future)')")
        let outcome = try analyze(into: db)
        XCTAssertEqual(outcome.status, 78)
        XCTAssertEqual(outcome.stderr, "Error: \(db) was written by a newer BowlerTrax: it has schema version \(known + 1) (unknown migrations: \"\(future)\"), this build knows version \(known); update BowlerTrax to open it\n")
        try assertIntact(db, shots: 1)
    }

    func testLockedDatabaseWaitsThenFailsAsTemporary() throws {
        let db = path("shots.sqlite")
        try storeOneShot(in: db)
        let holder = try Database(path: db)
        try holder.execute("BEGIN IMMEDIATE")
        let outcome = try analyze(into: db)
        try holder.execute("ROLLBACK")
        XCTAssertEqual(outcome.status, 75)
        XCTAssertEqual(outcome.errorLine, "Error: \(db) is locked by another connection (gave up after 5.0 s) (in BEGIN IMMEDIATE)")
        XCTAssertEqual(FaultsCLI.savedShots(in: outcome.stderr).count, 0)
        try assertIntact(db, shots: 1)
    }

    func testReadOnlyDatabaseIsRefusedAndKept() throws {
        let point = try mountTmpfs("readonly", sizeKiB: 4096)
        let db = point + "/shots.sqlite"
        try storeOneShot(in: db)
        XCTAssertEqual(try FaultsCLI.run(URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,ro", point]).status, 0)
        let outcome = try analyze(into: db)
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("Error: "), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(db), outcome.stderr)
        XCTAssertEqual(try FaultsCLI.run(URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,rw", point]).status, 0)
        try assertIntact(db, shots: 1)
    }

    func testDiskFullDuringAWriteFailsAndKeepsEarlierShots() throws {
        let point = try mountTmpfs("full", sizeKiB: 1024)
        let db = point + "/shots.sqlite"
        try storeOneShot(in: db)
        // Fill what is left, so the next session's writes run out of room.
        let filler = point + "/filler"
        XCTAssertTrue(FileManager.default.createFile(atPath: filler, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
        let block = Data(repeating: 0x55, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try handle.close()
        let outcome = try analyze(into: db)
        XCTAssertEqual(outcome.status, 74, outcome.stderr)
        XCTAssertTrue(outcome.errorLine?.hasPrefix("Error: disk full while writing \(db)") ?? false, outcome.stderr)
        try FileManager.default.removeItem(atPath: filler)
        try assertIntact(db, shots: 1)
    }
}
