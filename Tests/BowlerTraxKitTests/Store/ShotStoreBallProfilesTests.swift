import XCTest
@testable import BowlerTraxKit

final class ShotStoreBallProfilesTests: StoreTestCase {
    private let purple = BallProfile(name: "Purple Hammer", colors: [HSVColor(hueDeg: 275, saturationPct: 70, valuePct: 45)],
                                     markerColors: [HSVColor(hueDeg: 60, saturationPct: 90, valuePct: 95)])
    private let urethane = BallProfile(name: "Blue urethane", colors: [HSVColor(hueDeg: 215.5, saturationPct: 80, valuePct: 60)],
                                       tolerance: HSVTolerance(hueDeg: 12, saturationPct: 30, minValueFraction: 0.4, valueAbovePct: 35))

    func testSavedProfileIsReadBackByName() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.saveBallProfile(purple)
            XCTAssertEqual(try store.ballProfile(named: "Purple Hammer"), purple)
            XCTAssertNil(try store.ballProfile(named: "Storm Phaze"))
        }
    }

    func testSavingUnderTheSameNameReplacesTheProfile() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.saveBallProfile(purple)
            var repainted = purple
            repainted.colors = [HSVColor(hueDeg: 300, saturationPct: 50, valuePct: 50)]
            try store.saveBallProfile(repainted)

            XCTAssertEqual(try store.ballProfiles(), [repainted])
        }
    }

    func testProfilesAreListedByName() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.saveBallProfile(purple)
            try store.saveBallProfile(urethane)
            XCTAssertEqual(try store.ballProfiles(), [urethane, purple])
        }
    }

    func testDeleteRemovesTheProfileAndSaysWhetherOneExisted() throws {
        try onEachEngine {
            let store = try makeStore()
            try store.saveBallProfile(purple)
            XCTAssertTrue(try store.deleteBallProfile(named: "Purple Hammer"))
            XCTAssertFalse(try store.deleteBallProfile(named: "Purple Hammer"))
            XCTAssertEqual(try store.ballProfiles(), [])
        }
    }

    func testProfileWithoutNameIsRefused() throws {
        try onEachEngine {
            let store = try makeStore()
            assertThrows(.ballProfileNameMissing, try store.saveBallProfile(BallProfile(name: "  ", colors: [])))
            assertThrows(.ballProfileNameMissing, try store.saveBallProfile(BallProfile(colors: [])))
        }
    }
}
