import XCTest
@testable import BowlerTraxKit

/// With no ball option the ball is found by its motion and shape: on every rendered clip each shot drawn is
/// found and none is invented (people walking, shirts of the ball's colour, a ball on the next lane).
final class BallFoundByItselfTests: XCTestCase {
    func testEveryRenderedShotIsFoundAndNoneInvented() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: FixtureTruth.directory.path)
            .filter { $0.hasSuffix(".truth.json") }.map { String($0.dropLast(".truth.json".count)) }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 10, "the fixture clips are there")
        for name in names {
            let (truth, result) = try FixtureTruth.analyze(name, byColour: false)
            XCTAssertEqual(result.shots.count, truth.shots.count, "\(name): found at \(result.shots.map(\.releaseTimeS)) s")
            // Each found shot is one of those drawn: its path starts on the lane, within the first second after release.
            for (shot, drawn) in zip(result.shots, truth.shots) {
                let first = try XCTUnwrap(shot.trajectory.first, name)
                XCTAssertTrue((drawn.release_time_s - 0.05)...(drawn.release_time_s + 1) ~= first.timeS,
                              "\(name): shot starts at \(first.timeS) s, released at \(drawn.release_time_s) s")
                XCTAssertEqual(try XCTUnwrap(first.distanceFt, name), 10, accuracy: 12, "\(name): first seen on the lane")
            }
        }
    }
}
