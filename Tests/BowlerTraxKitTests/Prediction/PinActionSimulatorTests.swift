import XCTest
@testable import BowlerTraxKit

final class PinActionSimulatorTests: XCTestCase {
    private let simulator = PinActionSimulator()

    func testSameShotGivesTheSameStandingPins() {
        let first = simulator.simulate(entryBoard: 17.2, entryAngleDeg: 4.3, entrySpeedMph: 17, revRateRpm: 350, hand: .right)
        let second = simulator.simulate(entryBoard: 17.2, entryAngleDeg: 4.3, entrySpeedMph: 17, revRateRpm: 350, hand: .right)
        XCTAssertEqual(first, second)
    }

    func testLeftHandedShotIsTheMirrorOfTheRightHandedOne() {
        for board in [16.5, 18.5, 19.5] {
            let right = simulator.simulate(entryBoard: board, entryAngleDeg: 3, entrySpeedMph: 17, revRateRpm: 350, hand: .right)
            let left = simulator.simulate(entryBoard: board, entryAngleDeg: 3, entrySpeedMph: 17, revRateRpm: 350, hand: .left)
            XCTAssertEqual(left, Set(right.map(PinDeck.mirroredPin)), "board \(board)")
        }
    }

    func testStraightBallFarOutsideLeavesManyPins() {
        let standing = simulator.simulate(entryBoard: 5, entryAngleDeg: 0, entrySpeedMph: 17, revRateRpm: 350, hand: .right)
        XCTAssertGreaterThanOrEqual(standing.count, 5, "standing \(standing.sorted())")
        XCTAssertTrue(standing.contains(1))
    }

    func testBallInTheGutterLeavesAllTenPins() {
        let standing = simulator.simulate(entryBoard: -3, entryAngleDeg: 0, entrySpeedMph: 17, revRateRpm: 0, hand: .right)
        XCTAssertEqual(standing, Set(1...10))
    }

    func testMirrorMapsEachPinToItsPartner() {
        XCTAssertEqual((1...10).map(PinDeck.mirroredPin), [1, 3, 2, 6, 5, 4, 10, 9, 8, 7])
    }
}
