/// A patch of the ball's surface seen in one frame (the marker, or the dark finger holes): how much of the disc
/// it covers and where its centre is, in ball-relative terms so it compares across frames whatever the ball's
/// size and place in the image.
public struct BallSpot: Sendable, Equatable {
    /// Share of the ball's disc covered, 0...1 (pixels weighted softly by how clearly they belong), so it does not
    /// shrink as the ball goes away.
    public var areaShare: Double
    /// Centroid minus ball centre, in ball radii (x right, y down).
    public var offsetX: Double
    public var offsetY: Double

    public init(areaShare: Double, offsetX: Double, offsetY: Double) {
        self.areaShare = areaShare
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}
