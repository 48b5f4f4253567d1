import XCTest
@testable import BowlerTraxKit

final class StrikePredictorTests: XCTestCase {
    /// The product's default seed and sample count.
    private let predictor = StrikePredictor()
    /// A claim about an outcome must hold whatever the Monte Carlo draws: each is checked with these seeds.
    private static let seeds: [UInt64] = [1, 2, 3]

    private func predict(_ board: Double, _ angleDeg: Double, hand: Hand = .right, seed: UInt64 = 1) -> StrikePrediction {
        StrikePredictor(seed: seed).predict(entryBoard: board, entryAngleDeg: angleDeg, entrySpeedMph: 17, revRateRpm: 350, hand: hand)
    }

    func testSameSeedGivesTheSamePrediction() {
        XCTAssertEqual(predict(17.3, 4.5), predict(17.3, 4.5))
        XCTAssertEqual(predictor.predict(entryBoard: 17.3, entryAngleDeg: 4.5, entrySpeedMph: 17, revRateRpm: 350, hand: .right),
                       predict(17.3, 4.5))
    }

    func testPocketAtSixDegreesCarriesBetterThanAtLowAngle() {
        for seed in Self.seeds {
            XCTAssertGreaterThan(predict(17.5, 6, seed: seed).strikeProbability, predict(17.5, 2.5, seed: seed).strikeProbability, "seed \(seed)")
        }
    }

    func testPocketCarriesBetterThanANoseHit() {
        for seed in Self.seeds {
            XCTAssertGreaterThan(predict(17.5, 6, seed: seed).strikeProbability, predict(20, 6, seed: seed).strikeProbability, "seed \(seed)")
        }
    }

    func testPocketCarriesBetterThanALightHit() {
        for seed in Self.seeds {
            XCTAssertGreaterThan(predict(17.5, 6, seed: seed).strikeProbability, predict(15, 6, seed: seed).strikeProbability, "seed \(seed)")
        }
    }

    func testLightLowAngleRightHandHitLeavesTheTenPin() {
        for seed in Self.seeds {
            let leave = predict(16.5, 3, seed: seed).predictedLeave
            XCTAssertTrue(leave.split(separator: "-").contains("10"), "seed \(seed): leave \(leave)")
        }
    }

    func testLightLowAngleLeftHandHitLeavesTheSevenPin() {
        for seed in Self.seeds {
            let leave = predict(16.5, 3, hand: .left, seed: seed).predictedLeave
            XCTAssertTrue(leave.split(separator: "-").contains("7"), "seed \(seed): leave \(leave)")
        }
    }

    /// A straight ball dead on the nose "plows through the middle" and leaves a split (thoughtco.com, "Hitting the
    /// head pin guarantees a strike": a 7, a 10 or the 7-10). Board 20 from straight to 2°, for every seed.
    /// A hooking ball on the nose (4° and more) is not claimed here: bowlers call it "through the nose", neither
    /// high nor Brooklyn, DOMAIN.md names no leave for it, and the model's answer there is in docs/measurements.md.
    func testStraightNoseHitLeavesASplit() {
        for seed in Self.seeds {
            for angle in [0.0, 1.0, 2.0] {
                let leave = predict(20, angle, seed: seed).predictedLeave
                XCTAssertTrue(Self.isSplit(leave), "board 20 at \(angle)°, seed \(seed): leave \(leave)")
            }
        }
    }

    /// DOMAIN.md: high hits leave splits. Between the pocket and the nose (boards 19 and 19.5), at low, ideal and
    /// steep entry angles, for every seed.
    func testHighHitLeavesASplit() {
        for seed in Self.seeds {
            for board in [19.0, 19.5] {
                for angle in [3.0, 5.0, 7.0] {
                    let leave = predict(board, angle, seed: seed).predictedLeave
                    XCTAssertTrue(Self.isSplit(leave), "board \(board) at \(angle)°, seed \(seed): leave \(leave)")
                }
            }
        }
    }

    /// DOMAIN.md: Brooklyn hits (board ~22 and beyond) are mostly not strikes.
    func testBrooklynHitIsMostlyNotAStrike() {
        for seed in Self.seeds {
            XCTAssertLessThan(predict(22, 4, seed: seed).strikeProbability, 0.5, "seed \(seed)")
        }
    }

    func testTooMuchAngleRaisesTheStoneNine() {
        for seed in Self.seeds {
            XCTAssertGreaterThan(predict(17.5, 9.5, seed: seed).outcomes["9", default: 0], predict(17.5, 6, seed: seed).outcomes["9", default: 0],
                                 "seed \(seed)")
        }
    }

    func testTooMuchAngleRaisesTheLeftHandersStoneEight() {
        for seed in Self.seeds {
            XCTAssertGreaterThan(predict(17.5, 9.5, hand: .left, seed: seed).outcomes["8", default: 0],
                                 predict(17.5, 6, hand: .left, seed: seed).outcomes["8", default: 0], "seed \(seed)")
        }
    }

    func testProbabilitiesLieInTheUnitIntervalAndTheOutcomesSumToOne() {
        let prediction = predict(18.5, 5)
        XCTAssertTrue((0...1).contains(prediction.strikeProbability))
        XCTAssertTrue((0...1).contains(prediction.leaveProbability))
        XCTAssertEqual(prediction.outcomes.values.reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(prediction.outcomes[prediction.predictedLeave], prediction.leaveProbability)
    }

    func testSplitsAreTheLeavesWithAGap() {
        for split in ["4-6", "7-10", "4-6-7-10", "4-7-10", "2-7", "3-4-6-7-10"] { XCTAssertTrue(Self.isSplit(split), split) }
        for leave in ["10", "3-6-10", "4-7", "2-4-5-8", "1-2-10", "strike"] { XCTAssertFalse(Self.isSplit(leave), leave) }
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

    /// A split: the head pin down and the standing pins in two or more groups (pins 12 in apart are neighbours), so a
    /// gap lies between them: 4-6, 7-10, 4-6-7-10, 4-7-10 are splits, 3-6-10 and 4-7 are not. (USBC also calls a
    /// pair with one pin down diagonally between them a split, 5-7; a sleeper behind a pin, 2-8, it does not: no such
    /// leave is asserted here.)
    static func isSplit(_ leave: String) -> Bool {
        let pins = Set(leave.split(separator: "-").compactMap { Int($0) })
        guard !pins.contains(1), pins.count >= 2, let first = pins.first else { return false }
        var group: Set<Int> = [first], frontier = [first]
        while let pin = frontier.popLast() {
            let spot = PinDeck.spots[pin - 1]
            for other in pins where !group.contains(other) {
                let otherSpot = PinDeck.spots[other - 1]
                if hypot(spot.xIn - otherSpot.xIn, spot.yIn - otherSpot.yIn) < 12.5 {
                    group.insert(other)
                    frontier.append(other)
                }
            }
        }
        return group.count < pins.count
    }
}
