import XCTest
import BowlerTraxKit
@testable import BowlerTraxFixtures

final class BallPhysicsTests: XCTestCase {
    private func lateralAt(_ path: SimulatedPath, _ distanceFt: Double) throws -> Double {
        try XCTUnwrap(path.state(atDistanceFt: distanceFt)).positionFt.x
    }

    func testBallWithoutRevsOnUniformFrictionGoesStraight() throws {
        let shot = ShotSpec(speedMph: 18, launchAngleDeg: 0, foulLineBoard: 20, revRateRpm: 0, oilFriction: 0.1, dryFriction: 0.1)
        let path = BallPhysics(shot: shot, hand: .right).simulate()
        for s in path.samples { XCTAssertEqual(s.positionFt.x, 0, accuracy: 1e-9) }
        XCTAssertGreaterThan(try XCTUnwrap(path.samples.last).positionFt.y, 60)
    }

    func testRightHanderWithAxisRotationHooksTowardHigherBoardsAfterTheOil() throws {
        let shot = ShotSpec(launchAngleDeg: 0, foulLineBoard: 10, revRateRpm: 400, axisRotationDeg: 45, axisTiltDeg: 0)
        let path = BallPhysics(shot: shot, hand: .right).simulate()
        let atOil = try lateralAt(path, 40), atPins = try lateralAt(path, 59)
        XCTAssertGreaterThan(atPins - atOil, 0.3, "a right-hander's hook moves toward higher right-edge boards (+x)")
    }

    func testLeftHanderWithAxisRotationHooksTowardLowerRightEdgeBoards() throws {
        let shot = ShotSpec(launchAngleDeg: 0, foulLineBoard: 10, revRateRpm: 400, axisRotationDeg: 45, axisTiltDeg: 0)
        let path = BallPhysics(shot: shot, hand: .left).simulate()
        XCTAssertLessThan(try lateralAt(path, 59) - lateralAt(path, 40), -0.3)
    }

    func testKineticEnergyNeverIncreases() {
        let shot = ShotSpec(speedMph: 19, launchAngleDeg: 3, foulLineBoard: 14, revRateRpm: 500, axisRotationDeg: 60, axisTiltDeg: 20)
        let path = BallPhysics(shot: shot, hand: .right).simulate()
        let k2 = BallPhysics.radiusOfGyrationFt * BallPhysics.radiusOfGyrationFt
        var previous = Double.infinity
        for s in path.samples {
            let energy = 0.5 * s.velocityFtS.dot(s.velocityFtS) + 0.5 * k2 * s.omegaRadS.dot(s.omegaRadS)
            XCTAssertLessThanOrEqual(energy, previous * (1 + 1e-12))
            previous = energy
        }
    }

    func testRollingBallHasNoSlipAtTheContactPoint() throws {
        let shot = ShotSpec(speedMph: 17, launchAngleDeg: 1, foulLineBoard: 12, revRateRpm: 300, axisRotationDeg: 40)
        let path = BallPhysics(shot: shot, hand: .right).simulate()
        let rolling = path.samples.filter { $0.rolling && !$0.inGutter }
        XCTAssertFalse(rolling.isEmpty, "the ball should reach the roll phase before the pins")
        let contact = Vector3(0, 0, -Lane.ballRadiusFt)
        for s in rolling {
            let expected = -(s.omegaRadS.cross(contact))
            XCTAssertEqual(s.velocityFtS.x, expected.x, accuracy: 1e-9)
            XCTAssertEqual(s.velocityFtS.y, expected.y, accuracy: 1e-9)
        }
    }

    func testPathCrossesTheFoulLineOnTheRequestedBoard() throws {
        let shot = ShotSpec(launchAngleDeg: 4, foulLineBoard: 9.5, revRateRpm: 450)
        let path = BallPhysics(shot: shot, hand: .left).simulate()
        let board = Hand.left.board(fromRightEdgeBoard: Lane.board(lateralFt: try lateralAt(path, 0)))
        XCTAssertEqual(board, 9.5, accuracy: 1e-9)
    }
}
