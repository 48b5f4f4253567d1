import XCTest
@testable import BowlerTraxKit

final class ShotStoreHistoryTests: StoreTestCase {
    func testSessionIsFoundByIdOrByName() throws {
        try onEachEngine {
            let store = try makeStore()
            let id = try store.openSession(name: "week 1", source: "/v/1.mp4", hand: .right)
            XCTAssertEqual(try store.session(matching: "week 1").id, id)
            XCTAssertEqual(try store.session(matching: String(id)).name, "week 1")
            assertThrows(.sessionNameNotFound(name: "week 9", known: ["week 1"]), try store.session(matching: "week 9"))
        }
    }

    func testMisspeltNamesSuggestTheNearestKnownOne() {
        XCTAssertEqual(StoreError.sessionNameNotFound(name: "weak 1", known: ["week 1", "league night"]).description,
                       "no session named \"weak 1\"; did you mean \"week 1\"?")
        XCTAssertEqual(StoreError.sessionNameNotFound(name: "week 9", known: ["week 1", "week 2"]).description,
                       "no session named \"week 9\"", "two as near: no guess")
        XCTAssertEqual(StoreError.unknownCenter(name: "Sunset Lane", known: ["Sunset Lanes"]).description,
                       "no centre named \"Sunset Lane\"; did you mean \"Sunset Lanes\"? (known: \"Sunset Lanes\"); add it with 'bowlertrax centers add'")
        XCTAssertEqual(ProfileError.unknownProfile(name: "phaze2", known: ["phaze", "idol"]).description,
                       "no ball profile named 'phaze2'; did you mean 'phaze'? (saved: phaze, idol)")
        XCTAssertEqual(StoreError.sessionNameNotFound(name: "x", known: ["league night"]).description, "no session named \"x\"")
    }

    func testSharedSessionNameIsAmbiguous() throws {
        try onEachEngine {
            let store = try makeStore()
            let first = try store.openSession(name: "a.mp4", source: "/v/a.mp4", hand: .right)
            let second = try store.openSession(name: "a.mp4", source: "/v/a.mp4", hand: .right)
            assertThrows(.sessionNameAmbiguous(name: "a.mp4", ids: [first, second]), try store.session(matching: "a.mp4"))
        }
    }

    func testRenameRefusesANameInUse() throws {
        try onEachEngine {
            let store = try makeStore()
            let id = try store.openSession(name: "one", source: "/v/1.mp4", hand: .right)
            _ = try store.openSession(name: "two", source: "/v/2.mp4", hand: .right)
            assertThrows(.sessionNameTaken(name: "two"), try store.renameSession(id: id, to: "two"))
            try store.renameSession(id: id, to: "three")
            XCTAssertEqual(try store.session(id: id).name, "three")
        }
    }

    func testDeleteSessionRemovesItsShots() throws {
        try onEachEngine {
            let store = try makeStore()
            let id = try store.openSession(name: "gone", source: "/v/1.mp4", hand: .right)
            try store.save(makeShot(number: 1, pointCount: 3), sessionID: id)
            try store.deleteSession(id: id)
            XCTAssertEqual(try store.storedShots(ShotFilter(includeRejected: true)).count, 0)
            assertThrows(.sessionNotFound(id: id), try store.deleteSession(id: id))
        }
    }

    func testSessionDetailsAreStoredAndReopenFillsOnlyWhatIsGiven() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.addCenter("Lucky Lanes")
            let id = try store.openSession(name: "league", source: "/v/1.mp4", hand: .right,
                                           details: SessionDetails(bowler: "Ann", center: "Lucky Lanes", laneNumber: 7, oilPattern: "House", kind: .league))
            try store.closeSession(id: id)
            try store.reopenSession(id: id, details: SessionDetails(ball: "Blue"))
            let record = try store.session(id: id)
            XCTAssertNil(record.endedAt)
            XCTAssertEqual(record.details, SessionDetails(bowler: "Ann", center: "Lucky Lanes", laneNumber: 7, oilPattern: "House", ball: "Blue", kind: .league))
        }
    }

    func testSessionAtUnknownCenterIsRefused() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.addCenter("Lucky Lanes")
            assertThrows(.unknownCenter(name: "Strike Zone", known: ["Lucky Lanes"]),
                         try store.openSession(name: "x", source: "/v/1.mp4", hand: .right, details: SessionDetails(center: "Strike Zone")))
        }
    }

    func testRejectedShotIsLeftOutUntilRestored() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "s", source: "/v/1.mp4", hand: .right)
            let first = try store.save(makeShot(number: 1, pointCount: 2), sessionID: sessionID)
            let second = try store.save(makeShot(number: 2, pointCount: 2), sessionID: sessionID)
            try store.setRejected(true, shotID: first)
            XCTAssertEqual(try store.storedShots().map(\.id), [second])
            XCTAssertEqual(try store.storedShots(ShotFilter(includeRejected: true)).map(\.rejected), [true, false])
            try store.setRejected(false, shotID: first)
            XCTAssertEqual(try store.storedShots().map(\.id), [first, second])
        }
    }

    func testResultAndPinsAreStoredSorted() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "s", source: "/v/1.mp4", hand: .right)
            let id = try store.save(makeShot(number: 1, pointCount: 2), sessionID: sessionID)
            try store.setResult(.open, pinsLeft: [10, 7], shotID: id)
            let shot = try store.storedShot(id: id)
            XCTAssertEqual(shot.result, .open)
            XCTAssertEqual(shot.pinsLeft, [7, 10])
        }
    }

    func testStrikeWithPinsAndBadPinsAreRefused() throws {
        try onEachEngine {
            let store = try makeStore()
            let sessionID = try store.openSession(name: "s", source: "/v/1.mp4", hand: .right)
            let id = try store.save(makeShot(number: 1, pointCount: 2), sessionID: sessionID)
            assertThrows(.strikeWithPinsLeft(pins: [10]), try store.setResult(.strike, pinsLeft: [10], shotID: id))
            assertThrows(.invalidPins(pins: [11]), try store.setResult(.open, pinsLeft: [11], shotID: id))
            assertThrows(.invalidPins(pins: [3, 3]), try store.setResult(.open, pinsLeft: [3, 3], shotID: id))
            assertThrows(.shotNotFound(id: 999), try store.setResult(.strike, shotID: 999))
        }
    }

    func testFilterSelectsByDateBallAndCenter() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.addCenter("Lucky Lanes")
            let march = try store.openSession(name: "march", source: "/v/1.mp4", hand: .right, details: SessionDetails(center: "Lucky Lanes", ball: "Blue"))
            let april = try store.openSession(name: "april", source: "/v/2.mp4", hand: .right, details: SessionDetails(ball: "Red"))
            try store.database.execute("UPDATE session SET started_at = '2025-03-31T23:59:59.000Z' WHERE id = \(march)")
            try store.database.execute("UPDATE session SET started_at = '2025-04-01T00:00:00.000Z' WHERE id = \(april)")
            let marchShot = try store.save(makeShot(number: 1, pointCount: 2), sessionID: march)
            let aprilShot = try store.save(makeShot(number: 1, pointCount: 2), sessionID: april)
            XCTAssertEqual(try store.storedShots(ShotFilter(toDate: "2025-03-31")).map(\.id), [marchShot])
            XCTAssertEqual(try store.storedShots(ShotFilter(fromDate: "2025-04-01")).map(\.id), [aprilShot])
            XCTAssertEqual(try store.storedShots(ShotFilter(ball: "Red")).map(\.id), [aprilShot])
            XCTAssertEqual(try store.storedShots(ShotFilter(center: "Lucky Lanes")).map(\.id), [marchShot])
            XCTAssertEqual(try store.storedShots(ShotFilter(sessionIDs: [april, march])).map(\.id), [marchShot, aprilShot])
        }
    }

    func testLatestCalibrationIsTheNewestOfThatLane() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.addCenter("Lucky Lanes")
            // Four points: fewer would not read back as a calibration file.
            let old = CalibrationFile(imageSize: PixelSize(width: 1280, height: 720), points: (0..<4).map { index in
                LandmarkPoint(name: "p\(index)", xPx: 1 + Double(index), yPx: 2, board: 3, distanceFt: 4 * Double(index))
            })
            var new = old
            new.points[0].xPx = 100.5
            _ = try store.saveCalibration(old, center: "Lucky Lanes", lane: 3)
            let newID = try store.saveCalibration(new, center: "Lucky Lanes", lane: 3)
            _ = try store.saveCalibration(old, center: "Lucky Lanes", lane: 4)
            XCTAssertEqual(try store.latestCalibration(center: "Lucky Lanes", lane: 3), new)
            XCTAssertNil(try store.latestCalibration(center: "Lucky Lanes", lane: 5))
            XCTAssertEqual(try store.calibrations(lane: 3).last?.id, newID)
            XCTAssertEqual(try store.centers().first?.calibratedLanes, [3, 4])
        }
    }

    func testCalibrationForUnknownCenterIsRefused() throws {
        try onEachEngine {
            let store = try makeStore()
            let file = CalibrationFile(imageSize: PixelSize(width: 640, height: 480), points: [])
            assertThrows(.unknownCenter(name: "Nowhere", known: []), try store.saveCalibration(file, center: "Nowhere", lane: 1))
            assertThrows(.unknownCenter(name: "Nowhere", known: []), try store.latestCalibration(center: "Nowhere", lane: 1))
        }
    }

    func testCenterNamesAreUnique() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.addCenter("Lucky Lanes")
            assertThrows(.centerExists(name: "Lucky Lanes"), try store.addCenter("Lucky Lanes"))
        }
    }
}
