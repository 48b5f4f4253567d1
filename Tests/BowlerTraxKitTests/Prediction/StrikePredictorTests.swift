import XCTest
@testable import BowlerTraxKit

final class StrikePredictorTests: XCTestCase {
    /// The product's default seed and sample count.
    private let predictor = StrikePredictor()

    private func predict(_ board: Double, _ angleDeg: Double, hand: Hand = .right) -> StrikePrediction {
        predictor.predict(entryBoard: board, entryAngleDeg: angleDeg, entrySpeedMph: 17, revRateRpm: 350, hand: hand)
    }

    func testSameSeedGivesTheSamePrediction() {
        XCTAssertEqual(predict(17.3, 4.5), predict(17.3, 4.5))
    }

    func testPocketAtSixDegreesCarriesBetterThanAtLowAngle() {
        XCTAssertGreaterThan(predict(17.5, 6).strikeProbability, predict(17.5, 2.5).strikeProbability)
    }

    func testPocketCarriesBetterThanANoseHit() {
        XCTAssertGreaterThan(predict(17.5, 6).strikeProbability, predict(20, 6).strikeProbability)
    }

    func testPocketCarriesBetterThanALightHit() {
        XCTAssertGreaterThan(predict(17.5, 6).strikeProbability, predict(15, 6).strikeProbability)
    }

    func testLightLowAngleRightHandHitLeavesTheTenPin() {
        let prediction = predict(16.5, 3)
        XCTAssertTrue(prediction.predictedLeave.split(separator: "-").contains("10"), "leave \(prediction.predictedLeave)")
    }

    func testLightLowAngleLeftHandHitLeavesTheSevenPin() {
        let prediction = predict(16.5, 3, hand: .left)
        XCTAssertTrue(prediction.predictedLeave.split(separator: "-").contains("7"), "leave \(prediction.predictedLeave)")
    }

    /// DOMAIN.md: high hits leave splits (4-6, 4-9, 8-10) or the 8/9.
    func testNoseHitLeavesASplitOrTheEightOrNine() {
        let leave = predict(20, 4).predictedLeave
        let pins = Set(leave.split(separator: "-").compactMap { Int($0) })
        let isSplit = !pins.contains(1) && pins.count >= 2 && !Self.pinsTouchEachOther(pins)
        XCTAssertTrue(isSplit || leave == "8" || leave == "9", "leave \(leave)")
    }

    func testTooMuchAngleRaisesTheStoneNine() {
        XCTAssertGreaterThan(predict(17.5, 9.5).outcomes["9", default: 0], predict(17.5, 6).outcomes["9", default: 0])
    }

    func testTooMuchAngleRaisesTheLeftHandersStoneEight() {
        XCTAssertGreaterThan(predict(17.5, 9.5, hand: .left).outcomes["8", default: 0],
                             predict(17.5, 6, hand: .left).outcomes["8", default: 0])
    }

    func testProbabilitiesLieInTheUnitIntervalAndTheOutcomesSumToOne() {
        let prediction = predict(18.5, 5)
        XCTAssertTrue((0...1).contains(prediction.strikeProbability))
        XCTAssertTrue((0...1).contains(prediction.leaveProbability))
        XCTAssertEqual(prediction.outcomes.values.reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(prediction.outcomes[prediction.predictedLeave], prediction.leaveProbability)
    }

    func testLeaveListsStandingPinsInAscendingOrder() {
        XCTAssertEqual(StrikePrediction.leave(standingPins: [8, 2, 5, 4]), "2-4-5-8")
        XCTAssertEqual(StrikePrediction.leave(standingPins: []), "strike")
    }

    /// Prints the cost of one prediction (no timed assertion: the brief's budget is 50 ms).
    func testReportsTheTimeOfOnePrediction() {
        let clock = ContinuousClock()
        let runs = 10
        let elapsed = clock.measure {
            for run in 0..<runs { _ = predict(16 + Double(run) * 0.4, 5) }
        }
        let msPerPrediction = Double(elapsed.components.attoseconds) / 1e15 / Double(runs) + Double(elapsed.components.seconds) * 1000 / Double(runs)
        print(String(format: "StrikePredictor: %.1f ms per prediction (200 samples)", msPerPrediction))
        XCTAssertGreaterThan(msPerPrediction, 0)
    }

    /// Pins 12 in apart are neighbours; a leave with every pin next to another is no split.
    private static func pinsTouchEachOther(_ pins: Set<Int>) -> Bool {
        pins.allSatisfy { pin in
            let spot = PinDeck.spots[pin - 1]
            return pins.contains { other in
                let otherSpot = PinDeck.spots[other - 1]
                return other != pin && hypot(spot.xIn - otherSpot.xIn, spot.yIn - otherSpot.yIn) < 12.5
            }
        }
    }
}
