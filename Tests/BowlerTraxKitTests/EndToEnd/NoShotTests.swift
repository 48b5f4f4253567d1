import XCTest
@testable import BowlerTraxKit

/// Clips with nothing bowled on this lane must give no shot: people, shirts of the ball's colour,
/// a ball on the next lane.
final class NoShotTests: XCTestCase {
    func assertNoShot(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (_, result) = try FixtureTruth.analyze(name)
        XCTAssertEqual(result.shots.count, 0, "\(name): shots invented at \(result.shots.map(\.releaseTimeS))", file: file, line: line)
        XCTAssertGreaterThan(result.frames, 0, file: file, line: line)
    }

    func testBowlerWalkingAboutGivesNoShot() throws { try assertNoShot("noshot-720p60") }
    func testShirtsOfTheBallColourGiveNoShot() throws { try assertNoShot("shirt-720p60") }
    func testBallOnTheNextLaneGivesNoShot() throws { try assertNoShot("nextlane-720p60") }
}
