/// One standard deviation of each entry measurement, the noise the strike prediction averages over.
public struct EntryUncertainty: Sendable, Equatable {
    public var boardSigma: Double
    public var angleSigmaDeg: Double
    public var speedSigmaMph: Double
    /// Relative: 0.08 means 8 % of the rev rate.
    public var revRateSigmaFraction: Double

    public init(boardSigma: Double, angleSigmaDeg: Double, speedSigmaMph: Double, revRateSigmaFraction: Double) {
        self.boardSigma = boardSigma
        self.angleSigmaDeg = angleSigmaDeg
        self.speedSigmaMph = speedSigmaMph
        self.revRateSigmaFraction = revRateSigmaFraction
    }

    /// What a calibrated camera measures at the pins: 0.4 board, 0.4°, 0.3 mph, 8 % of the revs.
    public static let standard = EntryUncertainty(boardSigma: 0.4, angleSigmaDeg: 0.4, speedSigmaMph: 0.3, revRateSigmaFraction: 0.08)
    /// No noise: every sample is the measured shot itself.
    public static let none = EntryUncertainty(boardSigma: 0, angleSigmaDeg: 0, speedSigmaMph: 0, revRateSigmaFraction: 0)
}
