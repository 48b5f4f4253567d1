extension CalibrationFile {
    /// This calibration in the picture of the video's first frame, where footage that pans and zooms is measured
    /// (`ReferenceChain.toFirstFrame`): a calibration of a later frame (`videoFrame`, chosen because the bowler stood in
    /// the way at first, say) has its landmarks carried back by the camera's motion over the frames between, followed
    /// as the analysis follows it, and is then refitted there. Itself when it is of the first frame already. A fixed
    /// camera's motion is exactly none, so its landmarks stay where they are.
    ///
    /// Reads the video from its start to `videoFrame`, once more: the analysis cannot, as the lane is needed from its
    /// first frame on. `path` names the calibration in errors.
    public func inFirstFrame(ofVideo video: String, path: String) throws -> CalibrationFile {
        guard let frame = videoFrame, frame > 0 else { return self }
        let decoder = try FrameDecoder(path: video)
        let follower = CameraFollower()
        while let picture = try decoder.nextFrame() {
            guard let toFirst = follower.toFirstFrame(picture) else {
                throw CalibrationError.frameNotFollowed(path: path, frame: frame, lostAt: picture.index)
            }
            guard picture.index == frame else { continue }
            var moved = self
            moved.videoFrame = nil
            moved.points = try points.map { point in
                guard let carried = point.carried(by: toFirst) else {
                    throw CalibrationError.frameNotFollowed(path: path, frame: frame, lostAt: frame)
                }
                return carried
            }
            return moved
        }
        throw CalibrationError.frameNotFollowed(path: path, frame: frame, lostAt: nil)
    }
}
