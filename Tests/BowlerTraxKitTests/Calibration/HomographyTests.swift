import XCTest
@testable import BowlerTraxKit

final class HomographyTests: XCTestCase {
    /// A perspective map with all eight free entries in play.
    private let truth = Homography([-230, 12, 640, 4, -35, 650, 0.004, 0.07, 1])
    private let lanePoints: [(x: Double, y: Double)] = [(-1.7, 0), (1.7, 0), (-1.7, 60), (1.7, 60), (0, 60), (0, 15), (-1.2, 13), (1.2, 14), (0.5, 35), (-0.8, 45)]

    private func pixels(of points: [(x: Double, y: Double)], through h: Homography) throws -> [(x: Double, y: Double)] {
        try points.map { try XCTUnwrap(h.apply($0.x, $0.y)) }
    }

    func testExactPointsRecoverTheHomography() throws {
        let fitted = try XCTUnwrap(Homography.fit(from: lanePoints, to: try pixels(of: lanePoints, through: truth)))
        let scale = fitted.m[8]
        for (a, b) in zip(fitted.m, truth.m) {
            XCTAssertEqual(a / scale, b, accuracy: 1e-9 * max(1, abs(b)))
        }
    }

    func testNoisyPointsReprojectCloseToTheTruth() throws {
        var noise = DeterministicNoise(seed: 7)
        let noisy = try pixels(of: lanePoints, through: truth).map { (x: $0.x + noise.uniform(0.3), y: $0.y + noise.uniform(0.3)) }
        let fitted = try XCTUnwrap(Homography.fit(from: lanePoints, to: noisy))
        // Checked on a grid over the whole lane, not only at the landmarks.
        var worstPx = 0.0
        for lateral in stride(from: -1.7, through: 1.7, by: 0.425) {
            for distance in stride(from: 0.0, through: 60, by: 5) {
                let a = try XCTUnwrap(fitted.apply(lateral, distance)), b = try XCTUnwrap(truth.apply(lateral, distance))
                worstPx = max(worstPx, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
            }
        }
        XCTAssertLessThan(worstPx, 0.6)
    }

    func testFourPointsInGeneralPositionAreEnough() throws {
        let four: [(x: Double, y: Double)] = [(-1.7, 0), (1.7, 0), (-1.7, 60), (1.7, 60)]
        let fitted = try XCTUnwrap(Homography.fit(from: four, to: try pixels(of: four, through: truth)))
        for (a, b) in zip(fitted.m, truth.m) { XCTAssertEqual(a, b, accuracy: 1e-6 * max(1, abs(b))) }
    }

    func testFourPointsWithThreeOnOneLineGiveNil() throws {
        let four: [(x: Double, y: Double)] = [(-1.7, 0), (0, 0), (1.7, 0), (0, 30)]
        XCTAssertNil(Homography.fit(from: four, to: try pixels(of: four, through: truth)))
    }

    func testFewerThanFourPointsGiveNil() throws {
        let three = Array(lanePoints.prefix(3))
        XCTAssertNil(Homography.fit(from: three, to: try pixels(of: three, through: truth)))
    }

    func testCollinearPointsGiveNil() throws {
        let line = (0..<6).map { (x: 0.2 * Double($0), y: 10 * Double($0)) }
        XCTAssertNil(Homography.fit(from: line, to: try pixels(of: line, through: truth)))
    }

    func testPointsOnTheHorizonLineMapToNil() {
        // w = 0.004 x + 0.07 y + 1 vanishes at (0, -1/0.07).
        XCTAssertNil(truth.apply(0, -1 / 0.07))
    }
}
