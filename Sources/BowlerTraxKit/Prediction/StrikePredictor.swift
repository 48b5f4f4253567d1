/// Predicts the strike probability and the likely leave of a shot from its entry into the pins.
///
/// Monte Carlo over the measurement noise: each of `samples` runs draws the entry board, angle,
/// speed and revs from normal distributions around the measured values (`EntryUncertainty`) with a
/// seeded SplitMix64, and plays the shot through `PinActionSimulator`. The same seed gives the same
/// prediction.
public struct StrikePredictor: Sendable {
    public let seed: UInt64
    public let samples: Int
    public let uncertainty: EntryUncertainty
    let simulator: PinActionSimulator

    public init(seed: UInt64 = 1, samples: Int = 200, uncertainty: EntryUncertainty = .standard) {
        self.init(seed: seed, samples: samples, uncertainty: uncertainty, simulator: PinActionSimulator())
    }

    init(seed: UInt64, samples: Int, uncertainty: EntryUncertainty, simulator: PinActionSimulator) {
        precondition(samples > 0, "a prediction needs at least one sample, got \(samples)")
        self.seed = seed
        self.samples = samples
        self.uncertainty = uncertainty
        self.simulator = simulator
    }

    /// - Parameters:
    ///   - entryBoard: board at 59.5 ft in the bowler's own numbering.
    ///   - entryAngleDeg: positive toward higher boards.
    ///   - revRateRpm: nil when the revs were not measured (the simulator then assumes a typical rate
    ///     and its uncertainty still applies).
    public func predict(entryBoard: Double, entryAngleDeg: Double, entrySpeedMph: Double, revRateRpm: Double?, hand: Hand) -> StrikePrediction {
        var generator = SplitMix64(seed: seed)
        var counts: [String: Int] = [:]
        let revs = revRateRpm ?? simulator.defaultRevRateRpm
        for _ in 0..<samples {
            // Draw all four deviates every time so each sample uses the same stream position.
            let board = entryBoard + uncertainty.boardSigma * generator.nextGaussian()
            let angleDeg = entryAngleDeg + uncertainty.angleSigmaDeg * generator.nextGaussian()
            let speedMph = max(1, entrySpeedMph + uncertainty.speedSigmaMph * generator.nextGaussian())
            let revsRpm = max(0, revs * (1 + uncertainty.revRateSigmaFraction * generator.nextGaussian()))
            let standing = simulator.simulate(entryBoard: board, entryAngleDeg: angleDeg, entrySpeedMph: speedMph,
                                              revRateRpm: revsRpm, hand: hand)
            counts[StrikePrediction.leave(standingPins: standing), default: 0] += 1
        }
        let total = Double(samples)
        // Most frequent outcome; ties go to the alphabetically first leave so the answer is stable.
        let best = counts.max { lhs, rhs in lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key > rhs.key }
        let bestLeave = best?.key ?? StrikePrediction.strike
        return StrikePrediction(strikeProbability: Double(counts[StrikePrediction.strike] ?? 0) / total,
                                predictedLeave: bestLeave,
                                leaveProbability: Double(best?.value ?? 0) / total,
                                outcomes: counts.mapValues { Double($0) / total })
    }
}
