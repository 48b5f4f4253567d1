import XCTest
@testable import BowlerTraxKit

final class ShotStoreTests: StoreTestCase {
    func testShotWith300TrajectoryPointsRoundTripsExactly() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "practice", source: "/videos/p.mp4", hand: .left)
            let shot = makeShot(number: 1, pointCount: 300)
            try store.save(shot, sessionID: sessionID)

            let loaded = try store.shots(sessionID: sessionID)
            XCTAssertEqual(loaded, [shot])
            XCTAssertEqual(loaded.first?.trajectory.count, 300)
        }
    }

    func testShotWithoutMeasurementsRoundTripsAsNils() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "uncalibrated", source: "/dev/video0", hand: .right)
            let point = TrajectoryPoint(frame: 7, timeS: 0.1, xPx: 1, yPx: 2, radiusPx: 3, board: nil, distanceFt: nil)
            let shot = Shot(shotNumber: 4, releaseTimeS: 0.05, hand: .right, measurements: ShotMeasurements(), trajectory: [point])
            try store.save(shot, sessionID: sessionID)

            XCTAssertEqual(try store.shots(sessionID: sessionID), [shot])
        }
    }

    func testShotsComeBackInShotNumberOrderPerSession() throws {
        try onEachEngine {
            let store = try makeStore()
            let first = try store.openSession(name: "week 1", source: "/videos/1.mp4", hand: .left)
            let second = try store.openSession(name: "week 2", source: "/videos/2.mp4", hand: .left)
            let shots = [3, 1, 2].map { makeShot(number: $0, pointCount: 4) }
            for shot in shots {
                try store.save(shot, sessionID: first)
            }
            try store.save(makeShot(number: 1, pointCount: 2), sessionID: second)

            XCTAssertEqual(try store.shots(sessionID: first).map(\.shotNumber), [1, 2, 3])
            XCTAssertEqual(try store.shots(sessionID: second).map(\.shotNumber), [1])
        }
    }

    func testShotWithRepeatedFrameIsNotHalfWritten() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "atomic", source: "/videos/a.mp4", hand: .right)
            let first = makeShot(number: 1, pointCount: 5)
            try store.save(first, sessionID: sessionID)
            var broken = makeShot(number: 2, pointCount: 50)
            broken.trajectory[40].frame = broken.trajectory[39].frame

            XCTAssertThrowsError(try store.save(broken, sessionID: sessionID)) { error in
                switch (engine, error as? StoreError) {
                case let (.sqlite, .sqlite(code, message, _)?):
                    XCTAssertEqual(code, 19)
                    XCTAssertEqual(message, "UNIQUE constraint failed: trajectory_point.shot_id, trajectory_point.frame")
                case let (.postgres, .postgres(sqlState, message, _)?):
                    XCTAssertEqual(sqlState, "23505")
                    XCTAssertEqual(message, "duplicate key value violates unique constraint \"trajectory_point_pkey\"")
                default: XCTFail("got \(error)")
                }
            }
            XCTAssertEqual(try store.shots(sessionID: sessionID), [first])
            XCTAssertEqual(try store.database.int64("SELECT count(*) FROM trajectory_point"), 5)
        }
    }

    func testSavingIntoUnknownSessionFailsAsSessionNotFound() throws {
        try onEachEngine {
            let store = try makeStore()
            assertThrows(.sessionNotFound(id: 42), try store.save(makeShot(number: 1, pointCount: 1), sessionID: 42))
        }
    }

    func testSessionsListEachSessionWithItsShotCountAndEnd() throws {
        try onEachEngine {
            let store = try makeStore()
            let first = try store.openSession(name: "league", source: "/videos/l.mp4", hand: .right, notes: "lane 12")
            let second = try store.openSession(name: "practice", source: "/dev/video2", hand: .left)
            try store.save(makeShot(number: 1, pointCount: 2), sessionID: first)
            try store.save(makeShot(number: 2, pointCount: 2), sessionID: first)
            try store.closeSession(id: first)

            let sessions = try store.sessions()
            XCTAssertEqual(sessions.map(\.id), [first, second])
            XCTAssertEqual(sessions.map(\.shotCount), [2, 0])
            XCTAssertEqual(sessions.map(\.hand), [.right, .left])
            XCTAssertEqual(sessions.map(\.notes), ["lane 12", nil])
            XCTAssertNotNil(sessions[0].endedAt)
            XCTAssertNil(sessions[1].endedAt)
        }
    }

    func testClosingASessionTwiceFails() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "once", source: "/videos/o.mp4", hand: .right)
            try store.closeSession(id: sessionID)
            let endedAt = try XCTUnwrap(store.sessions().first?.endedAt)
            assertThrows(.sessionAlreadyClosed(id: sessionID, endedAt: endedAt), try store.closeSession(id: sessionID))
        }
    }

    func testDeletingASessionDeletesItsShotsAndTrajectories() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "gone", source: "/videos/g.mp4", hand: .right)
            try store.save(makeShot(number: 1, pointCount: 8), sessionID: sessionID)
            try store.database.execute("DELETE FROM session WHERE id = \(sessionID)")

            XCTAssertEqual(try store.database.int64("SELECT count(*) FROM shot"), 0)
            XCTAssertEqual(try store.database.int64("SELECT count(*) FROM trajectory_point"), 0)
        }
    }

    func testStoreCreatesMissingParentDirectories() throws {
        let path = directory + "/a/b/c/shots.sqlite"
        let store = try makeStore(path: path)
        XCTAssertEqual(store.schemaVersion, StoreSchema.migrations.count)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testDefaultPathPrefersXDGDataHome() {
        XCTAssertEqual(ShotStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/kim"]),
                       "/data/bowlertrax/bowlertrax.sqlite")
    }

    func testDefaultPathFallsBackToHomeLocalShare() {
        XCTAssertEqual(ShotStore.defaultPath(environment: ["HOME": "/home/kim"]), "/home/kim/.local/share/bowlertrax/bowlertrax.sqlite")
        // The XDG spec says to ignore a relative XDG_DATA_HOME.
        XCTAssertEqual(ShotStore.defaultPath(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/kim"]),
                       "/home/kim/.local/share/bowlertrax/bowlertrax.sqlite")
    }
}
