/// A calibration that reads the ball as no bowled ball: what `analyze` warns about when it finds no shot.
public struct CalibrationDoubt: Sendable, Equatable {
    public enum Reading: Sendable, Equatable {
        /// Speed down the lane, mph.
        case speed
        /// Size over the size the calibration gives a ball there.
        case size
    }
    /// How many balls rolled up the picture and were turned away.
    public var balls: Int
    public var reading: Reading
    /// What the calibration read them at, lowest to highest.
    public var read: ClosedRange<Double>
    /// What a bowled ball reads at.
    public var bowled: ClosedRange<Double>
}

extension AnalysisResult {
    /// With no shot found: two balls or more rolled up the picture (`turnedAway`) and the calibration read every one on
    /// the same side of a bowled ball's speed, or of its size. A calibration scaled wrong reads them all so (a phone
    /// clip's far landmarks taken on the masking unit read its ball at 4.1 to 4.9 mph, three times); people walking
    /// through a right one read some in range and some not (the `noshot-720p60` fixture: 7.4 to 29.9 mph, 0.32 to 1.40
    /// times a ball's size). Nil otherwise.
    public var calibrationDoubt: CalibrationDoubt? {
        guard shots.isEmpty, turnedAway.count >= 2 else { return nil }
        let mph = ShotMeasurer.mphPerFtS, speeds = ShotTracker.speedRangeFtS
        let checks: [(CalibrationDoubt.Reading, [Double], ClosedRange<Double>)] = [
            (.speed, turnedAway.map(\.speedMph), speeds.lowerBound * mph...speeds.upperBound * mph),
            (.size, turnedAway.map(\.sizeRatio), ShotTracker.foundSizeRatios),
        ]
        for (reading, values, bowled) in checks {
            guard let low = values.min(), let high = values.max(), high < bowled.lowerBound || low > bowled.upperBound else { continue }
            return CalibrationDoubt(balls: values.count, reading: reading, read: low...high, bowled: bowled)
        }
        return nil
    }
}
