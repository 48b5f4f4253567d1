import BowlerTraxKit

/// Per-frame time of the real-footage stages (issue 16: `analyze` with no ball option) on one clip, on one thread:
/// camera motion (frame to frame, then to the key frame), the moving-disc change mask and search, the ball finder, and `ShotPipeline.track` whole, with no
/// ball option and with the ball colour.
///
/// The stages are the library's own public types, run in instances of their own beside the no-ball pipeline and fed
/// as `ShotPipeline.track` feeds its private ones: the camera's motion measured with the followed ball left out (the
/// pipeline's tracker says where, before the frame), the change mask registered with that motion. The disc search and
/// the ball finder run on every frame, so their distributions cover every frame; the pipeline itself runs them only
/// while it follows no ball, on the frames counted in `searchedFrames`. The pipelines run first on each frame, the
/// stages after them on the frame they already read.
struct MotionStageBench {
    let path: String
    let profile: BallProfile
    let threads: Int

    struct Result {
        var size = PixelSize(width: 0, height: 0)
        var decode = TimingSamples()
        /// CameraMotionEstimator.next, in its two halves: the motion from the previous frame (`registerToPrevious`) and
        /// the registration to the key frame (`linkToKeyFrame`, `KeyFrameAligner`).
        var motion = TimingSamples()
        var keyFrameLink = TimingSamples()
        /// Frames that became a key frame.
        var keyFrames = 0
        /// Frames the estimator found static (the cheap test, or a registration that came out the identity).
        var staticFrames = 0
        /// MovingDiscFinder.register: the working copy and its change mask against the registered previous frame.
        var changeMask = TimingSamples()
        /// MovingDiscFinder.discs: the changed blobs searched for discs at full resolution.
        var discSearch = TimingSamples()
        /// BallFinder.update with those discs.
        var ballFinder = TimingSamples()
        /// Frames after which the no-ball pipeline follows no ball: those it searched for moving discs and ran its ball finder on
        /// (all but the frame on which it finds the ball, which it searched too).
        var searchedFrames = 0
        /// DiscDetector.search for a ball the no-ball pipeline follows by its shape, with the search its tracker gave before
        /// the frame (the pipeline's own moves with this frame's camera motion first: same size and reach).
        var followedSearch = TimingSamples()
        /// BallLook.match for that ball with its look, in the same search (the pipeline runs it beside the disc search).
        var followedLook = TimingSamples()
        /// ShotPipeline.track with no ball option, then finishTracking once at the end.
        var noBallTrack = TimingSamples()
        var noBallFinish = TimingSamples()
        var noBallShots = 0
        /// ShotPipeline.track with the ball colour, as the colour path's `analyze` runs it.
        var colourTrack = TimingSamples()
        var colourShots = 0
    }

    func run() throws -> Result {
        let decoder = try FrameDecoder(path: path, threads: threads)
        var result = Result()
        let size = PixelSize(width: decoder.width, height: decoder.height)
        result.size = size
        let calibration = try BenchOptions.calibration(for: path, size: size)
        let noBall = ShotPipeline(profile: nil, calibration: calibration, hand: .right, imageSize: size)
        let colour = ShotPipeline(profile: profile, calibration: calibration, hand: .right, imageSize: size)
        let cameraMotion = CameraMotionEstimator()
        let movingDiscs = MovingDiscFinder()
        let ballFinder = BallFinder(imageSize: size)
        let discDetector = DiscDetector()

        var pending = TimingSamples()
        while let frame = try pending.time({ try decoder.nextFrame() }) {
            result.decode.record(pending.last)
            // The no-ball pipeline's tracker before this frame: what its own track call starts from.
            let exclusion = noBall.tracker.ballExclusion(imageSize: size)
            let followed = noBall.tracker.discSearch(frame: frame.index)
            let look = noBall.tracker.followedBallLook
            if result.noBallTrack.time({ noBall.track(frame) }) != nil { result.noBallShots += 1 }
            if !noBall.tracker.isFollowing { result.searchedFrames += 1 }
            if result.colourTrack.time({ colour.track(frame) }) != nil { result.colourShots += 1 }

            let registered = result.motion.time { cameraMotion.registerToPrevious(frame, exclude: exclusion.map { [$0] } ?? []) }
            let motion = result.keyFrameLink.time { cameraMotion.linkToKeyFrame(registered, frame: frame.index) }
            if motion.isStatic { result.staticFrames += 1 }
            if motion.key?.frame == frame.index { result.keyFrames += 1 }
            result.changeMask.time { movingDiscs.register(frame, toPrevious: motion.toPrevious) }
            let discs = result.discSearch.time { movingDiscs.discs(in: frame) }
            _ = result.ballFinder.time { ballFinder.update(frame: frame.index, timeS: frame.timeS, discs: discs, toPrevious: motion.toPrevious) }
            if let followed { _ = result.followedSearch.time { discDetector.search(followed, in: frame) } }
            if let followed, let look {
                _ = result.followedLook.time {
                    look.match(in: frame, aroundX: followed.centerX, y: followed.centerY, reachPx: followed.reachPx, radiusPx: followed.radiusPx)
                }
            }
        }
        result.noBallShots += result.noBallFinish.time { noBall.finishTracking() }.count
        result.colourShots += colour.finishTracking().count
        guard result.decode.count > 0 else { throw BenchError.emptyClip(path: path) }
        return result
    }
}
