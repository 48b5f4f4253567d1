/// The last frames of real footage, each with the camera's motion into it, kept so that a ball found rolling can be
/// followed back to where it came from (`BackwardSearch`). Frames are held by reference (the decoder's buffers, no
/// copy), at most `keptS` of video and `maxBytes` of pictures: 3 s of 720p is about 250 MB at 60 fps, and 1080p60
/// keeps about 1.5 s.
final class RecentFrames {
    /// A frame and the map of its pixels to the previous frame's (nil: no previous frame to follow a ball into, a cut).
    struct Entry {
        let frame: VideoFrame
        let toPrevious: Homography?
    }

    static let keptS = 3.0
    static let maxBytes = 256 << 20

    private var entries = FrameLog<Entry>()
    private var bytes = 0

    func append(_ frame: VideoFrame, toPrevious: Homography?) {
        entries.append(Entry(frame: frame, toPrevious: toPrevious), frame: frame.index)
        bytes += frame.byteCount
        while let first = entries.first?.value.frame, entries.count > 1, bytes > Self.maxBytes || frame.timeS - first.timeS > Self.keptS {
            bytes -= first.byteCount
            entries.removeFirst()
        }
    }

    /// The earliest frame kept: a ball found later may be followed back into it.
    var firstFrame: Int? { entries.first?.frame }

    /// The kept frame with this index, if any.
    func entry(frame index: Int) -> Entry? { entries[frame: index] }

    /// `point`, in frame `later`'s pixels, brought into frame `earlier`'s through the camera's motion into each frame
    /// between; nil where a frame between is no longer kept or follows a cut.
    func carry(_ point: (x: Double, y: Double), from later: Int, backTo earlier: Int) -> (x: Double, y: Double)? {
        var point = point
        for index in stride(from: later, to: earlier, by: -1) {
            guard let mapped = entry(frame: index)?.toPrevious?.apply(point.x, point.y) else { return nil }
            point = mapped
        }
        return point
    }
}
