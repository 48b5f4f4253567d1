import XCTest
@testable import BowlerTraxKit

/// The history commands on a PostgreSQL server give what they give on a SQLite file; `copy` moves history between
/// them once; a server out of reach or a URI of another kind is one line.
final class SharedStoreCommandTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-shared-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: directory)
    }

    func testHistoryCopiedToTheServerReadsTheSameAndASecondCopyAddsNothing() throws {
        guard let admin = TestPostgres.adminURI else { throw XCTSkip("BOWLERTRAX_TEST_POSTGRES is not set; scripts/test starts a server and sets it") }
        let file = try HistoryCLI.copyOfFilledDatabase(in: directory)
        let server = try TestPostgres.createDatabase(admin: admin)
        addTeardownBlock { try? TestPostgres.dropDatabase(server, admin: admin) }

        let first = try HistoryCLI.run(["copy", "--from", file, "--to", server])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Copied to \(server): 3 sessions ("), first.stdout)
        let second = try HistoryCLI.run(["copy", "--from", file, "--to", server])
        XCTAssertEqual(second.stdout, "Copied to \(server): 0 sessions (0 shots), 0 calibrations, 0 ball profiles, 0 centres.\n")

        for command in [["sessions", "list"], ["shots", "list"], ["stats", "--by", "session"], ["compare", "week 1", "week 2"],
                        ["export", "shots", "--csv"], ["export", "shots", "--json", "--trajectory"], ["export", "sessions", "--json"],
                        ["report", "--output", "-"]] {
            let onFile = try HistoryCLI.run(command + ["--db", file])
            XCTAssertEqual(onFile.status, 0, onFile.stderr)
            let onServer = try HistoryCLI.run(command, environment: ProcessInfo.processInfo.environment.merging(["BOWLERTRAX_DB": server]) { $1 })
            // The report says when it was made, to the second: two runs may straddle one.
            func unstamped(_ text: String) -> String { text.replacingOccurrences(of: "made [0-9T:-]+Z", with: "made …", options: .regularExpression) }
            XCTAssertEqual(unstamped(onServer.stdout), unstamped(onFile.stdout), command.joined(separator: " "))
            XCTAssertEqual(onServer.status, 0, onServer.stderr)
        }
    }

    func testAnalyzeAgainstAnUnreachableServerFailsBeforeOpeningTheVideo() throws {
        let server = "postgresql://bowlertrax@/centre?host=\(directory)&port=1"
        let outcome = try HistoryCLI.run(["analyze", directory + "/no-such-video.mp4", "--db", server])
        XCTAssertEqual(outcome.status, 69, "EX_UNAVAILABLE")
        let lines = outcome.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("Error: cannot connect to \(server): connection to server on socket"), outcome.stderr)
    }

    func testAURIOfAnotherKindIsRefusedNotTakenForAFolder() throws {
        let outcome = try HistoryCLI.run(["sessions", "list", "--db", "mysql://db/centre"])
        XCTAssertEqual(outcome.status, 64, "EX_USAGE")
        XCTAssertEqual(outcome.stderr, "Error: mysql://db/centre is neither a file path nor a postgresql:// URI; give a SQLite file or postgresql://user@host:port/dbname\n")
    }
}
