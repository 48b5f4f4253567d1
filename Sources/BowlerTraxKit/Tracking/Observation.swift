/// The ball as seen in one frame, with its lane position when a calibration is known.
public struct Observation: Sendable, Equatable {
    public var frame: Int
    public var timeS: Double
    public var candidate: BallCandidate
    /// Board counted from the right edge; nil without a calibration.
    public var board: Double?
    public var distanceFt: Double?
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
}
