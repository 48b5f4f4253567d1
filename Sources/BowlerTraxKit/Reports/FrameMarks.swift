/// What the annotated video draws on one frame, in that frame's pixels, read off the tracker once it has settled
/// the frame (`VideoAnnotator`).
public struct FrameMarks: Sendable {
    /// How the ball came to be where it is drawn.
    public enum Sighting: Sendable, Equatable {
        /// The detector found it in this frame.
        case seen
        /// The detector missed it; the tracker carried the ball through the frame (between its sightings around it).
        case carried
    }

    /// The ball's centre and radius, and how it was placed there; nil where no shot's ball is.
    public var ball: (xPx: Double, yPx: Double, radiusPx: Double, sighting: Sighting)?
    /// The shot's path so far: each of its sightings up to this frame, carried into this frame's pixels.
    public var path: [Drawing.Point]
    /// Maps the calibration's picture into this frame; nil without a calibration, or where the camera's motion since
    /// the video's first frame is lost.
    public var fromCalibration: Homography?
    /// The number of the finished shot this frame follows (until the next one starts): its panel, breakpoint and
    /// entry are drawn, and its whole path.
    public var afterShot: Int?

    public init(ball: (xPx: Double, yPx: Double, radiusPx: Double, sighting: Sighting)? = nil, path: [Drawing.Point] = [],
                fromCalibration: Homography? = nil, afterShot: Int? = nil) {
        self.ball = ball
        self.path = path
        self.fromCalibration = fromCalibration
        self.afterShot = afterShot
    }
}
