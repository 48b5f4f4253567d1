import BowlerTraxKit

/// Where points of later frames land in the first frame's picture when the camera is followed as `analyze` follows
/// it (`CameraMotionEstimator`, then `ReferenceChain`): scripts/validate-real compares them with the same scene
/// points marked by hand in frame 0 (scripts/real-registration.csv). One difference from `analyze`: no ball is
/// tracked, so no ball is left out of the features (its few corners are outvoted by the scene's).
struct RegistrationCheck {
    let path: String
    /// Pixels (full resolution, continuous) of later frames, each with its frame number.
    let points: [(frame: Int, x: Double, y: Double)]
    let threads: Int

    /// One line per point, in the order given: "frame x y -> x0 y0", or "frame x y -> lost" where the camera's motion
    /// was lost between frame 0 and that frame (a cut, a frame that could not be registered) or the clip ended first.
    func run() throws -> [String] {
        let decoder = try FrameDecoder(path: path, threads: threads)
        let follower = CameraFollower()
        let last = points.map(\.frame).max() ?? -1
        var toFirst: [Int: Homography] = [:]
        while let frame = try decoder.nextFrame(), frame.index <= last {
            let mapped = follower.toFirstFrame(frame)
            if points.contains(where: { $0.frame == frame.index }) { toFirst[frame.index] = mapped }
        }
        return points.map { point in
            let mapped = toFirst[point.frame].flatMap { $0.apply(point.x, point.y) }
            return "\(point.frame) \(point.x) \(point.y) -> " + (mapped.map { "\($0.x) \($0.y)" } ?? "lost")
        }
    }
}
