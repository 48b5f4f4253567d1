/// The odds of one shot: how likely a strike is and what it most likely leaves.
public struct StrikePrediction: Sendable, Equatable {
    /// Share of the simulated samples with all ten pins down, 0...1.
    public var strikeProbability: Double
    /// "strike", or the standing pins in ascending numbers joined by "-" ("10", "4-6", "2-4-5-8").
    public var predictedLeave: String
    /// Share of the samples that ended in `predictedLeave`, 0...1.
    public var leaveProbability: Double
    /// Every outcome seen, as a leave string, with its share of the samples; the shares sum to 1.
    public var outcomes: [String: Double]

    public init(strikeProbability: Double, predictedLeave: String, leaveProbability: Double, outcomes: [String: Double]) {
        self.strikeProbability = strikeProbability
        self.predictedLeave = predictedLeave
        self.leaveProbability = leaveProbability
        self.outcomes = outcomes
    }

    static let strike = "strike"

    /// The leave string of a set of standing pins: "strike" when it is empty.
    public static func leave(standingPins: Set<Int>) -> String {
        standingPins.isEmpty ? strike : standingPins.sorted().map(String.init).joined(separator: "-")
    }
}
