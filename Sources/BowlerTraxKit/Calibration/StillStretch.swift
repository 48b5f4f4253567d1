/// The frames at a video's start where the camera holds still relative to the first frame, as the analysis follows
/// its motion (`CameraMotionEstimator`, `ReferenceChain`): a fixed camera holds still to the end; broadcast footage
/// may hold still while the bowler walks up, then turns and zooms after the ball (27 of the 30 real clips at hand
/// follow the ball from their first frame: none). A median of frames from it is a picture of the first frame's view
/// with whatever moved through it gone (`CalibrationFrame`).
public struct StillStretch: Sendable, Equatable {
    /// The frames kept for the median, counted from 0, spread evenly over the stretch.
    public var frames: [Int]
    /// How many frames the stretch holds: frames 0 to `length - 1`.
    public var length: Int
    /// Why the stretch ends at frame `length`.
    public var end: End

    public enum End: Sendable, Equatable {
        /// The video ended.
        case videoEnd
        /// The camera moved, or its motion was lost (a cut).
        case cameraMoved
        /// `maxSeconds` of video were read: a long recording from a fixed camera is not read to its end.
        case readLimit
    }

    /// A frame holds still when its map into the first frame moves no corner of the picture farther than this:
    /// a median of frames half a pixel apart is as sharp as one frame, to the precision landmarks are found to.
    static let tolerancePx = 0.5
    /// A median of fewer frames removes nothing that stands still for two of them: the first frame alone is used.
    static let minFrames = 3
    /// The most of a video read: time enough for people to walk through the view, and a session's recording from a
    /// fixed camera is not decoded whole.
    public static let maxSeconds = 60.0

    /// Reads `path` from its start while the camera holds still and keeps `count` of those frames, evenly spread
    /// (at most 2 × `count` pictures are held while reading: every other one is dropped when that many are kept).
    /// Reading stops at the first frame that moved, or after `seconds` of video (at its nominal rate).
    static func read(path: String, keeping count: Int, seconds: Double = maxSeconds) throws -> (stretch: StillStretch, images: [RGBImage]) {
        precondition(count >= 1, "a median needs a frame")
        let decoder = try FrameDecoder(path: path)
        let maxFrames = Int((decoder.fps > 0 ? decoder.fps : 60) * seconds)
        let follower = CameraFollower()
        var kept: [(frame: Int, image: RGBImage)] = [], every = 1, length = 0, end = End.videoEnd
        while let picture = try decoder.nextFrame() {
            guard length < maxFrames else {
                end = .readLimit
                break
            }
            guard let toFirst = follower.toFirstFrame(picture), toFirst.keepsCorners(width: picture.width, height: picture.height, withinPx: tolerancePx) else {
                end = .cameraMoved
                break
            }
            length += 1
            guard picture.index % every == 0 else { continue }
            kept.append((picture.index, RGBImage(frame: picture)))
            if kept.count == 2 * count {
                kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                every *= 2
            }
        }
        guard !kept.isEmpty else { throw decoder.nothingDecoded }
        if length < minFrames { kept = [kept[0]] }
        if kept.count > count { kept = (0..<count).map { kept[(2 * $0 + 1) * kept.count / (2 * count)] } }
        return (StillStretch(frames: kept.map(\.frame), length: length, end: end), kept.map(\.image))
    }
}
