// MARK: - Predicting a measured shot

extension StrikePredictor {
    /// Fills the shot's strike probability and likely leave from its measured entry; leaves them nil
    /// when the entry was not measured (no calibration, or the ball never reached the pins in view).
    public func predict(_ shot: inout Shot) {
        let m = shot.measurements
        guard let board = m.entryBoard, let angle = m.entryAngleDeg, let speed = m.entrySpeedMph,
              board.isFinite, angle.isFinite, speed.isFinite, speed > 0 else { return }
        let revs = m.revRateRpm.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let prediction = predict(entryBoard: board, entryAngleDeg: angle, entrySpeedMph: speed, revRateRpm: revs, hand: shot.hand)
        shot.measurements.strikeProbability = prediction.strikeProbability
        shot.measurements.predictedLeave = prediction.predictedLeave
        shot.measurements.leaveProbability = prediction.leaveProbability
    }
}
