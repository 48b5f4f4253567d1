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
}

/// A ball followed from near the foul line until it reached the pins or left the lane.
public struct TrackedShot: Sendable, Equatable {
    public var observations: [Observation]
}
