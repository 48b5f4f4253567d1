import XCTest
@testable import BowlerTraxKit

/// A live session against a server that is away at the start, or goes away between shots: every shot ends up on the
/// server exactly once, through the spool.
final class SpooledSessionTests: StoreTestCase {
    private var admin = ""
    private var uri = ""
    private var databaseName = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard let admin = TestPostgres.adminURI else { throw XCTSkip("BOWLERTRAX_TEST_POSTGRES is not set; scripts/test starts a server and sets it") }
        self.admin = admin
        databaseName = "bowlertrax_spool_" + UUID().uuidString.prefix(8).lowercased()
        uri = TestPostgres.uri(admin, database: databaseName)
    }

    override func tearDownWithError() throws {
        // Skipped (no server): nothing was made.
        if !uri.isEmpty { try TestPostgres.dropDatabase(uri, admin: admin) }
        try super.tearDownWithError()
    }

    private var spoolPath: String { directory + "/spool.sqlite" }

    private func session(store: ShotStore?, sessionID: Int64? = nil) throws -> SpooledSession {
        SpooledSession(store: store, location: .postgres(uri: uri), sessionID: sessionID, key: ShotStore.newKey(),
                       opening: SessionOpening(name: "lane 3", source: "/dev/video0", hand: .right, details: SessionDetails(bowler: "Ann")),
                       spoolPath: spoolPath)
    }

    /// Lets lanes connect to the database again, or (false) throws every lane out and keeps them out.
    private func setServerAvailable(_ available: Bool) throws {
        let server = try PostgresDatabase(uri: admin)
        try server.execute("ALTER DATABASE \(databaseName) ALLOW_CONNECTIONS \(available)")
        if !available { _ = try server.strings("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(databaseName)'") }
    }

    func testShotsOfAServerAwayAtTheStartWaitInTheSpoolAndAreSentWhenItIsBack() throws {
        let live = try session(store: nil)
        guard case .spooled = try live.save(makeShot(number: 1, pointCount: 5)) else { return XCTFail("the server does not exist yet") }
        try PostgresDatabase(uri: admin).execute("CREATE DATABASE \(databaseName)")
        guard case .stored = try live.save(makeShot(number: 2, pointCount: 5)) else { return XCTFail("the server is back") }
        try live.close()

        let server = try makeStore(path: uri)
        let sessions = try server.sessions()
        XCTAssertEqual(sessions.map(\.shotCount), [2])
        XCTAssertEqual(sessions.first?.details.bowler, "Ann")
        XCTAssertNotNil(sessions.first?.endedAt)
        XCTAssertEqual(try server.shots(sessionID: try XCTUnwrap(sessions.first?.id)), [makeShot(number: 1, pointCount: 5), makeShot(number: 2, pointCount: 5)])
        XCTAssertEqual(try makeStore(path: spoolPath).sessions().count, 0, "the spool is empty once sent")
    }

    func testSyncSendsWhatTheSpoolHoldsOnceThroughTheTool() throws {
        // The session ends while the server is still away: its shots wait in the spool for `bowlertrax sync`.
        let live = try session(store: nil)
        for number in 1...2 {
            guard case .spooled = try live.save(makeShot(number: number, pointCount: 5)) else { return XCTFail("the server does not exist yet") }
        }
        try live.close()
        try PostgresDatabase(uri: admin).execute("CREATE DATABASE \(databaseName)")

        let sent = try HistoryCLI.run(["sync", "--spool", spoolPath, "--db", uri])
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertEqual(sent.stdout, "Sent to \(uri): 1 session (2 shots), 0 calibrations, 0 ball profiles, 0 centres.\n")
        let sessions = try makeStore(path: uri).sessions()
        XCTAssertEqual(sessions.map(\.shotCount), [2])
        XCTAssertNotNil(sessions.first?.endedAt, "closed as live closed it")

        let again = try HistoryCLI.run(["sync", "--spool", spoolPath, "--db", uri])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try makeStore(path: uri).sessions().map(\.shotCount), [2], "none sent twice")
    }

    func testServerGoingAwayMidSessionLosesNoShotAndStoresNoneTwice() throws {
        try PostgresDatabase(uri: admin).execute("CREATE DATABASE \(databaseName)")
        let store = try ShotStore(path: uri)
        let id = try store.openSession(name: "lane 3", source: "/dev/video0", hand: .right)
        let live = SpooledSession(store: store, location: .postgres(uri: uri), sessionID: id, key: try store.sessionKey(id: id),
                                  opening: SessionOpening(name: "lane 3", source: "/dev/video0", hand: .right, details: SessionDetails()),
                                  spoolPath: spoolPath)
        XCTAssertEqual(try live.save(makeShot(number: 1, pointCount: 3)), .stored(id: 1))
        try setServerAvailable(false)
        guard case .spooled = try live.save(makeShot(number: 2, pointCount: 3)) else { return XCTFail("the server is away") }
        guard case .spooled = try live.save(makeShot(number: 3, pointCount: 3)) else { return XCTFail("the server is away") }
        try live.close()
        try setServerAvailable(true)

        // What `bowlertrax sync` does, twice: the second finds nothing to send.
        let report = try SpooledSession.sync(spool: try ShotStore(path: spoolPath), to: try makeStore(path: uri))
        XCTAssertEqual([report.sessions, report.shots], [0, 2])
        XCTAssertEqual(try SpooledSession.sync(spool: try ShotStore(path: spoolPath), to: try makeStore(path: uri)).shots, 0)
        let server = try makeStore(path: uri)
        XCTAssertEqual(try server.shots(sessionID: id).map(\.shotNumber), [1, 2, 3])
        XCTAssertNotNil(try server.session(id: id).endedAt, "closed in the spool, so closed on the server by the sync")
    }
}
