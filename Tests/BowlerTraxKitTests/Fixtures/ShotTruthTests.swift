import XCTest
import BowlerTraxKit
@testable import BowlerTraxFixtures

final class ShotTruthTests: XCTestCase {
    /// A straight path at constant speed on one board, spinning at a constant rate.
    private func straightPath(speedMph: Double, board: Double, revRateRpm: Double) -> SimulatedPath {
        let v = speedMph * BallPhysics.mphToFtS, step = 1e-3
        let omega = Vector3(-revRateRpm * 2 * .pi / 60, 0, 0)
        let samples = (0...4000).map { i -> PathSample in
            let t = Double(i) * step
            return PathSample(timeS: t, positionFt: Vector3(Lane.lateralFt(board: board), -1 + v * t, Lane.ballRadiusFt),
                              velocityFtS: Vector3(0, v, 0), omegaRadS: omega, orientation: .identity, rolling: true, inGutter: false)
        }
        return SimulatedPath(samples: samples, stepS: step)
    }

    func testStraightConstantSpeedPathGivesExactFigures() throws {
        let path = straightPath(speedMph: 20, board: 20, revRateRpm: 300)
        let truth = try ShotTruth(path: path, hand: .right, shot: ShotSpec(), ball: BallAppearance(), videoTimeOffsetS: 1)
        XCTAssertEqual(truth.launchSpeedMph, 20, accuracy: 1e-9)
        XCTAssertEqual(truth.entrySpeedMph, 20, accuracy: 1e-9)
        XCTAssertEqual(truth.averageSpeedMph, 20, accuracy: 1e-9)
        XCTAssertEqual(truth.launchAngleDeg, 0, accuracy: 1e-9)
        XCTAssertEqual(truth.entryAngleDeg, 0, accuracy: 1e-9)
        XCTAssertEqual(truth.foulLineBoard, 20, accuracy: 1e-9)
        XCTAssertEqual(truth.entryBoard, 20, accuracy: 1e-9)
        XCTAssertEqual(truth.revRateRpm, 300, accuracy: 1e-6)
        XCTAssertEqual(truth.releaseTimeS, 1 + 1 / (20 * BallPhysics.mphToFtS), accuracy: 1e-9)
    }

    func testLeftHandBoardsAreCountedFromTheLeftEdge() throws {
        let path = straightPath(speedMph: 18, board: 10, revRateRpm: 0)
        let truth = try ShotTruth(path: path, hand: .left, shot: ShotSpec(), ball: BallAppearance(), videoTimeOffsetS: 0)
        XCTAssertEqual(truth.arrowsBoard, 30, accuracy: 1e-9)
    }

    func testBreakpointIsTheLowestBowlerBoard() throws {
        let shot = ShotSpec(speedMph: 18, launchAngleDeg: 2, foulLineBoard: 12, revRateRpm: 400, axisRotationDeg: 50)
        let path = BallPhysics(shot: shot, hand: .right).simulate()
        let truth = try ShotTruth(path: path, hand: .right, shot: shot, ball: BallAppearance(), videoTimeOffsetS: 0)
        let lowest = path.samples.filter { $0.positionFt.y >= 0 && $0.positionFt.y < 59.5 }.map { Lane.board(lateralFt: $0.positionFt.x) }.min()
        XCTAssertEqual(truth.breakpointBoard, try XCTUnwrap(lowest), accuracy: 1e-12)
        XCTAssertLessThan(truth.breakpointBoard, truth.foulLineBoard)
        XCTAssertGreaterThan(truth.entryAngleDeg, 0, "a hooking ball enters moving toward higher boards")
    }
}
