/// The ball as seen in one frame, with its lane position when a calibration is known.
public struct Observation: Sendable, Equatable {
    public var frame: Int
    public var timeS: Double
    public var candidate: BallCandidate
    /// Board counted from the right edge; nil without a calibration, or where the camera's motion since the
    /// calibration's picture is not known (`placed`).
    public var board: Double?
    public var distanceFt: Double?
    /// The ball carried into the calibration's picture through the camera's motion since the video's first frame
    /// (`ReferenceChain.toFirstFrame`), where the camera's motion is followed; nil on a fixed camera, whose frames
    /// are that picture, and where the motion since the first frame is not known (the lane fields are nil then).
    public var placed: PlacedBall? = nil

    /// Where the lane position was read: `placed`, or on a fixed camera the sighting itself.
    public var inCalibrationPicture: PlacedBall {
        placed ?? PlacedBall(xPx: candidate.xPx, yPx: candidate.yPx, radiusPx: candidate.radiusPx)
    }
    /// How the ball looked (for its rev rate); only sampled for the ball being followed.
    public var appearance: ObservedAppearance? = nil
    /// Where this frame lies in the reference view (real footage, where the camera's motion is followed); nil when
    /// the camera's motion was not measured.
    public var view: ReferenceView? = nil

    /// The ball's centre in the reference view, and that view's frame.
    public var inReferenceView: (frame: Int, x: Double, y: Double)? {
        view.flatMap { view in view.toReference.apply(candidate.xPx, candidate.yPx).map { (view.frame, $0.x, $0.y) } }
    }
}

/// A ball followed from near the foul line until it reached the pins or left the lane.
public struct TrackedShot: Sendable, Equatable {
    public var observations: [Observation]
    /// When the head pin first moved, if it was seen to (`PinWatch`).
    public var pinContact: PinContact? = nil
}

/// A ball's centre and radius in some picture's pixels (continuous coordinates).
public struct PlacedBall: Sendable, Equatable {
    public var xPx: Double
    public var yPx: Double
    public var radiusPx: Double

    public init(xPx: Double, yPx: Double, radiusPx: Double) {
        self.xPx = xPx
        self.yPx = yPx
        self.radiusPx = radiusPx
    }
}
