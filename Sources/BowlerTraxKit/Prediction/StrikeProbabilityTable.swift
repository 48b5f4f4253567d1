/// Strike probability over entry board and entry angle at one speed and rev rate, for the table in docs/measurements.md.
public struct StrikeProbabilityTable: Sendable {
    public let boards: [Double]
    public let anglesDeg: [Double]
    public let entrySpeedMph: Double
    public let revRateRpm: Double?
    public let hand: Hand
    public let predictor: StrikePredictor

    /// Defaults to boards 15...20 in half boards and angles 2...8° in whole degrees.
    public init(boards: [Double] = stride(from: 15.0, through: 20.0, by: 0.5).map { $0 },
                anglesDeg: [Double] = stride(from: 2.0, through: 8.0, by: 1.0).map { $0 },
                entrySpeedMph: Double = 17, revRateRpm: Double? = 350, hand: Hand = .right,
                predictor: StrikePredictor = StrikePredictor()) {
        self.boards = boards
        self.anglesDeg = anglesDeg
        self.entrySpeedMph = entrySpeedMph
        self.revRateRpm = revRateRpm
        self.hand = hand
        self.predictor = predictor
    }

    /// One prediction per cell; rows are boards, columns angles.
    public func predictions() -> [[StrikePrediction]] {
        boards.map { board in
            anglesDeg.map { angleDeg in
                predictor.predict(entryBoard: board, entryAngleDeg: angleDeg, entrySpeedMph: entrySpeedMph,
                                  revRateRpm: revRateRpm, hand: hand)
            }
        }
    }

    /// A Markdown table: a row per entry board, a column per entry angle, strike probability in
    /// percent with the most likely leave when it is not a strike (e.g. "34 % (10)").
    public func markdown() -> String {
        let revs = revRateRpm.map { "\(String($0, decimals: 0)) rpm" } ?? "revs not measured"
        var lines = ["Strike probability (%) and most likely leave, \(hand.rawValue)-handed, "
            + "\(String(entrySpeedMph, decimals: 1)) mph at the pins, \(revs), \(predictor.samples) samples.", ""]
        lines.append("| board \\ angle | " + anglesDeg.map { String($0, decimals: 0) + "°" }.joined(separator: " | ") + " |")
        lines.append("|---:|" + String(repeating: "---:|", count: anglesDeg.count))
        for (board, row) in zip(boards, predictions()) {
            let cells = row.map { prediction in
                let percent = String(prediction.strikeProbability * 100, decimals: 0)
                return prediction.predictedLeave == StrikePrediction.strike ? percent : "\(percent) (\(prediction.predictedLeave))"
            }
            lines.append("| \(String(board, decimals: 1)) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
