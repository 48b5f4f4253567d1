/// The ball's expected size (`LaneCalibration.expectedRadiusPx`) in the picture of a frame whose pixels `toFirstFrame`
/// maps into the calibration's: a camera that pans and zooms after the ball.
public struct BallSizeSeenThrough: BallSizeModel {
    public let calibration: LaneCalibration
    public let toFirstFrame: Homography

    public init(calibration: LaneCalibration, toFirstFrame: Homography) {
        self.calibration = calibration
        self.toFirstFrame = toFirstFrame
    }

    public func expectedRadiusPx(atX x: Double, y: Double) -> Double? {
        // A pixel of the frame spans `carried.radius` pixels of the calibration's picture there.
        guard let carried = toFirstFrame.carry((x, y, 1)), carried.radius > 0,
              let expected = calibration.expectedRadiusPx(atX: carried.x, y: carried.y) else { return nil }
        return expected / carried.radius
    }
}
