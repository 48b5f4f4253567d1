import XCTest
@testable import BowlerTraxKit

final class ShotStoreCopyTests: StoreTestCase {
    /// A SQLite store with a centre, a calibration, a ball profile and two sessions, one closed, with results and a rejection.
    private func makeSource() throws -> ShotStore {
        let source = try makeStore(path: directory + "/laptop-\(engine.rawValue).sqlite")
        try source.addCenter("Lucky Lanes")
        let file = CalibrationFile(imageSize: PixelSize(width: 1280, height: 720), points: (0..<4).map { index in
            LandmarkPoint(name: "p\(index)", xPx: 1 + Double(index), yPx: 2, board: 3, distanceFt: 4 * Double(index))
        })
        _ = try source.saveCalibration(file, center: "Lucky Lanes", lane: 7)
        try source.saveBallProfile(BallProfile(name: "Blue", colors: [HSVColor(hueDeg: 220, saturationPct: 85, valuePct: 75)]))
        let league = try source.openSession(name: "league", source: "/v/1.mp4", hand: .left, notes: "lane 7",
                                            details: SessionDetails(bowler: "Ann", center: "Lucky Lanes", laneNumber: 7, ball: "Blue", kind: .league))
        let first = try source.save(makeShot(number: 1, pointCount: 300), sessionID: league)
        let second = try source.save(makeShot(number: 2, pointCount: 4), sessionID: league)
        try source.setResult(.open, pinsLeft: [10, 7], shotID: first)
        try source.setRejected(true, shotID: second)
        try source.closeSession(id: league)
        let practice = try source.openSession(name: "practice", source: "/dev/video0", hand: .right)
        try source.save(makeShot(number: 1, pointCount: 2), sessionID: practice)
        return source
    }

    /// Everything a store shows of its history but the ids it gave.
    private func history(_ store: ShotStore) throws -> [String] {
        let sessions = try store.sessions().map { record -> String in
            var record = record
            record.id = 0
            return "\(record)"
        }
        let shots = try store.storedShots(ShotFilter(includeRejected: true)).map { stored -> String in
            var stored = stored
            stored.id = 0
            stored.sessionID = 0
            return "\(stored)"
        }
        let calibrations = try store.calibrations().map { "\($0.center) \($0.laneNumber) \($0.createdAt) \($0.file)" }
        return sessions + shots + calibrations + (try store.ballProfiles().map { "\($0)" }) + (try store.centers().map { "\($0.name) \($0.createdAt) \($0.calibratedLanes)" })
    }

    func testCopyCarriesEverythingAndASecondRunCopiesNothing() throws {
        try onEachEngine {
            let source = try makeSource()
            let target = try makeStore()
            let report = try source.copy(to: target)
            XCTAssertEqual([report.sessions, report.shots, report.calibrations, report.ballProfiles, report.centers], [2, 3, 1, 1, 1])
            XCTAssertEqual(try history(target), try history(source))

            let again = try source.copy(to: target)
            XCTAssertEqual([again.sessions, again.shots, again.calibrations, again.ballProfiles, again.centers], [0, 0, 0, 0, 0])
            XCTAssertEqual(again.shotKeys.count, 3)
            XCTAssertEqual(try history(target), try history(source))
        }
    }

    func testCopyBackIntoANewFileGivesTheSameHistory() throws {
        try onEachEngine {
            let source = try makeSource()
            let middle = try makeStore()
            try source.copy(to: middle)
            let back = try makeStore(path: directory + "/back-\(engine.rawValue).sqlite")
            try middle.copy(to: back)
            XCTAssertEqual(try history(back), try history(source))
        }
    }

    func testSessionClosedInTheSourceIsClosedInTheTarget() throws {
        try onEachEngine {
            let source = try makeStore(path: directory + "/spool-\(engine.rawValue).sqlite")
            let id = try source.openSession(name: "live", source: "/dev/video0", hand: .right)
            let target = try makeStore()
            try source.copy(to: target)
            XCTAssertNil(try target.sessions().first?.endedAt)
            try source.closeSession(id: id)
            try source.copy(to: target)
            XCTAssertEqual(try target.sessions().map(\.endedAt), try source.sessions().map(\.endedAt))
        }
    }

    func testResavingAShotOfTheSameKeyStoresItOnce() throws {
        try onEachEngine {
            let store = try makeStore()
            let session = try store.openSession(name: "lane 1", source: "/dev/video0", hand: .right)
            let first = try store.save(makeShot(number: 1, pointCount: 5), sessionID: session, key: "shot-a")
            XCTAssertEqual(try store.save(makeShot(number: 1, pointCount: 5), sessionID: session, key: "shot-a"), first)
            XCTAssertEqual(try store.session(id: session).shotCount, 1)
            XCTAssertEqual(try store.database.int64("SELECT count(*) FROM trajectory_point"), 5)
        }
    }
}
