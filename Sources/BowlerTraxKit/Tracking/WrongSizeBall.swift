/// Sightings that rolled down the lane like a bowled ball but at a size no ball has there through the calibration
/// (`ShotTracker.rollsDownTheLane`): with no shot found, the sign of a calibration wrong near the foul line.
public struct WrongSizeBall: Sendable, Equatable {
    public var firstFrame: Int
    public var lastFrame: Int
    public var sightings: Int
    /// The sightings' median radius over the calibration's ball radius where they were.
    public var sizeRatio: Double
}
