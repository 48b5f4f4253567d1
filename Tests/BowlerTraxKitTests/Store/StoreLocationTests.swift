import Foundation
import XCTest
@testable import BowlerTraxKit

final class StoreLocationTests: XCTestCase {
    func testOtherURISchemesAreRefusedNotTakenForAFolder() throws {
        XCTAssertThrowsError(try ShotStore(path: "mysql://db/shots")) { error in
            XCTAssertEqual(error as? StoreError, .unsupportedLocation(text: "mysql://db/shots"))
        }
        XCTAssertEqual(try StoreLocation("postgres://u@h/db"), .postgres(uri: "postgres://u@h/db"))
        XCTAssertEqual(try StoreLocation("night/shots.sqlite"), .sqlite(path: "night/shots.sqlite"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "mysql:"))
    }

    func testRedactedURIHidesThePassword() {
        XCTAssertEqual(PostgresDatabase.redacted("postgresql://ann:secret@db.club:5432/centre"), "postgresql://ann@db.club:5432/centre")
        XCTAssertEqual(PostgresDatabase.redacted("postgresql://db/centre?password=secret&sslmode=require"), "postgresql://db/centre?sslmode=require")
    }
}
