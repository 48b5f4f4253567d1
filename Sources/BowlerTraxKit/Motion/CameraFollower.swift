/// A video's frames, read from its first, followed as the analysis follows the camera (`CameraMotionEstimator`, key
/// frames, `ReferenceChain`): each frame's map into the first frame's picture. For the readings that carry something
/// between a later frame and the first: the still stretch, a calibration of a later frame, the views a moving camera
/// turns to, the bench's registration check.
public final class CameraFollower {
    private let motion = CameraMotionEstimator()
    private let chain = ReferenceChain()

    public init() {}

    /// Follows the camera into `frame`, the one after the last given: its map into the first frame's picture; nil
    /// once the camera's motion was lost between them (a cut, a frame that could not be registered).
    public func toFirstFrame(_ frame: VideoFrame) -> Homography? {
        let step = motion.next(frame)
        chain.advance(frame: frame.index, toPrevious: step.toPrevious, key: step.key)
        return chain.toFirstFrame(ofFrame: frame.index)
    }
}
