/// The camera's motion from one frame to the next, as `CameraMotionEstimator` measured it.
public struct FrameMotion: Sendable {
    /// Maps this frame's pixel coordinates (full resolution, continuous: pixel i covers [i, i+1)) to the previous
    /// frame's; nil when the frame could not be registered to the previous one (first frame, a cut, a blank or
    /// featureless frame).
    public var toPrevious: Homography?
    /// The camera did not move: the map was the identity to within a tenth of a pixel at the frame's corners, or the
    /// cheap static test said so; `toPrevious` is then exactly the identity.
    public var isStatic: Bool
    /// Features that agreed with the fitted map (for a static frame: probes that stayed put).
    public var inliers: Int
    /// Features followed into this frame.
    public var tracked: Int
    /// The picture changed wholesale: registration failed and the luma histogram changed a lot (a cut to another
    /// camera, or to or from a blank frame), not just a fast pan.
    public var isCut: Bool
    /// Where this frame lies in its key frame (`KeyFrameAligner`), set once the frame is registered to it.
    public var key: KeyFrameLink? = nil
}

/// A frame's map into its key frame, an earlier frame of the same view registered to directly (or itself, with the
/// identity, when it is a key that could not be registered to the last one).
public struct KeyFrameLink: Sendable, Equatable {
    public var frame: Int
    /// Maps the frame's pixels (full resolution, continuous) to the key frame's.
    public var toKey: Homography
    /// The frame is the next frames' key, though registered to the last key (`frame`): the camera zoomed or turned
    /// too far from it.
    public var startsKey: Bool

    public init(frame: Int, toKey: Homography, startsKey: Bool = false) {
        self.frame = frame
        self.toKey = toKey
        self.startsKey = startsKey
    }
}
