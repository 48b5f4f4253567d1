import Foundation
import XCTest
@testable import BowlerTraxKit

/// The two engines a store runs on.
enum StoreEngine: String {
    case sqlite, postgres
}

/// Base for store tests: a fresh directory per test, removed afterwards, and an integrity check of every store the
/// test opened, whatever the test did to it. A test written inside `onEachEngine` runs on SQLite and then on PostgreSQL
/// (scripts/test's throw-away cluster), each time on an empty store of its own.
class StoreTestCase: XCTestCase {
    var directory = ""
    /// The engine the test runs on now.
    private(set) var engine = StoreEngine.sqlite
    /// The store `makeStore()` opens: a file in `directory`, or an empty database of its own on the test server.
    private(set) var databasePath = ""
    private var openedStores: [ShotStore] = []

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "bowlertrax-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        databasePath = directory + "/shots.sqlite"
    }

    override func tearDownWithError() throws {
        try checkOpenedStores()
        try FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `body` on SQLite, then on PostgreSQL; the PostgreSQL half is skipped (and says so) only when
    /// BOWLERTRAX_TEST_POSTGRES is not set, which scripts/test always sets.
    func onEachEngine(file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void) throws {
        try body()
        try checkOpenedStores()
        guard let admin = TestPostgres.adminURI else {
            return print("\(name): PostgreSQL half skipped (BOWLERTRAX_TEST_POSTGRES is not set; scripts/test sets it)")
        }
        engine = .postgres
        databasePath = try TestPostgres.createDatabase(admin: admin)
        defer {
            engine = .sqlite
            XCTAssertNoThrow(try TestPostgres.dropDatabase(databasePath, admin: admin), file: file, line: line)
            databasePath = directory + "/shots.sqlite"
        }
        do {
            try body()
            try checkOpenedStores()
        } catch {
            // XCTest names the test, not the engine.
            XCTFail("on PostgreSQL: \(error)", file: file, line: line)
        }
    }

    /// The integrity check of every store opened since the last one; forgets them (closing their connections).
    private func checkOpenedStores() throws {
        for store in openedStores {
            XCTAssertEqual(try store.integrityCheck(), "ok", "integrity of \(store.path)")
        }
        openedStores = []
    }

    /// Opens a store at `path` (default: `databasePath`) and remembers it for the integrity check.
    func makeStore(path: String? = nil, busyTimeoutS: Double = 5) throws -> ShotStore {
        let store = try ShotStore(path: path ?? databasePath, busyTimeoutS: busyTimeoutS)
        openedStores.append(store)
        return store
    }

    /// A shot whose every measurement is set (to values that do not survive a lossy conversion)
    /// and whose trajectory has `pointCount` points, the first few without lane coordinates.
    func makeShot(number: Int, pointCount: Int) -> Shot {
        var measurements = ShotMeasurements()
        measurements.foulLineBoard = 22.123456789012345
        measurements.arrowsBoard = 1.0 / 3.0
        measurements.launchAngleDeg = -0.1 - 0.2
        measurements.breakpointBoard = 7.000000000000001
        measurements.breakpointDistanceFt = 41.5
        measurements.entryBoard = 17.5 + 1e-12
        measurements.entryAngleDeg = Double.pi
        measurements.launchSpeedMph = 18.6
        measurements.entrySpeedMph = 16.25
        measurements.averageSpeedMph = 17.3
        measurements.revRateRpm = 436
        measurements.revRateConfidence = 0.87
        measurements.strikeProbability = Double.leastNonzeroMagnitude
        measurements.predictedLeave = "10 pin"
        measurements.leaveProbability = 0.31
        let trajectory = (0..<pointCount).map { index -> TrajectoryPoint in
            let calibrated = index >= 5, registered = index >= 10
            return TrajectoryPoint(
                frame: 100 + index,
                timeS: Double(index) / 59.94,
                xPx: 640 + 123.456789 * sin(Double(index) * 0.1),
                yPx: 700 - Double(index) * 1.7,
                radiusPx: 30 - Double(index) * 0.061,
                board: calibrated ? 20 - 9 * sin(Double(index) / 97) : nil,
                distanceFt: calibrated ? Double(index) * 0.2001 : nil,
                referenceFrame: registered ? 42 : nil,
                referenceXPx: registered ? 600 + 1.234567 * Double(index) : nil,
                referenceYPx: registered ? 720 - 3.1 * Double(index) : nil
            )
        }
        return Shot(shotNumber: number, releaseTimeS: 12.345 + Double(number), hand: .left, measurements: measurements, trajectory: trajectory)
    }

    func fileBytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Asserts that `body` throws exactly `expected`.
    func assertThrows<T>(_ expected: StoreError, _ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual(error as? StoreError, expected, file: file, line: line)
        }
    }
}
