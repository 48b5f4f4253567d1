/// One point of a shot's path: where the ball was seen in the image and, with a calibration, on the lane.
public struct TrajectoryPoint: Sendable, Equatable, Codable {
    public var frame: Int
    public var timeS: Double
    public var xPx: Double
    public var yPx: Double
    public var radiusPx: Double
    /// Board in the bowler's own numbering; nil without a calibration.
    public var board: Double?
    /// Feet down-lane from the foul line; nil without a calibration.
    public var distanceFt: Double?
    /// The centre in the reference view (`ReferenceView`: the first frame since the camera's motion was last lost)
    /// and that view's frame; nil when the camera's motion was not followed (a ball colour given, no box).
    public var referenceFrame: Int?
    public var referenceXPx: Double?
    public var referenceYPx: Double?

    public init(frame: Int, timeS: Double, xPx: Double, yPx: Double, radiusPx: Double, board: Double?, distanceFt: Double?,
                referenceFrame: Int? = nil, referenceXPx: Double? = nil, referenceYPx: Double? = nil) {
        self.frame = frame
        self.timeS = timeS
        self.xPx = xPx
        self.yPx = yPx
        self.radiusPx = radiusPx
        self.board = board
        self.distanceFt = distanceFt
        self.referenceFrame = referenceFrame
        self.referenceXPx = referenceXPx
        self.referenceYPx = referenceYPx
    }
}

/// Every measurement DOMAIN.md defines; nil where it cannot be measured (no calibration, no marker, …).
public struct ShotMeasurements: Sendable, Equatable, Codable {
    public var foulLineBoard: Double?
    public var arrowsBoard: Double?
    public var launchAngleDeg: Double?
    public var breakpointBoard: Double?
    public var breakpointDistanceFt: Double?
    public var entryBoard: Double?
    public var entryAngleDeg: Double?
    public var launchSpeedMph: Double?
    public var entrySpeedMph: Double?
    public var averageSpeedMph: Double?
    public var revRateRpm: Double?
    public var revRateConfidence: Double?
    public var strikeProbability: Double?
    public var predictedLeave: String?
    public var leaveProbability: Double?

    public init() {}
}

/// A shot found in a video or a live session.
public struct Shot: Sendable, Equatable {
    /// 1-based, in the order the shots were bowled.
    public var shotNumber: Int
    /// Video time at which the ball crosses the foul line.
    public var releaseTimeS: Double
    public var hand: Hand
    public var measurements: ShotMeasurements
    public var trajectory: [TrajectoryPoint]

    public init(shotNumber: Int, releaseTimeS: Double, hand: Hand, measurements: ShotMeasurements, trajectory: [TrajectoryPoint]) {
        self.shotNumber = shotNumber
        self.releaseTimeS = releaseTimeS
        self.hand = hand
        self.measurements = measurements
        self.trajectory = trajectory
    }
}
