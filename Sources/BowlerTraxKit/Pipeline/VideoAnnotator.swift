import Dispatch

/// Writes the annotated video: every frame of the input with what the pipeline made of it drawn on (`FrameOverlay`),
/// at the input's size, rate and timestamps, encoded as H.264 when libavcodec has libx264, else MPEG-4 (4:2:0, the
/// MP4 index at the front: a browser plays it).
///
/// The tracker settles a frame's ball after the frame: it follows a ball found late back to its release, fills the
/// frames it missed, drops a track that was no ball. So each frame waits (`tracked`) until the pipeline can no longer
/// change it (`ShotPipeline.firstUnsettledFrame`), and is drawn with what the tracker then knows. Waiting frames are
/// held by reference, at most as many as the pipeline keeps itself (`RecentFrames`: 3 s, 256 MB); past that the
/// oldest is drawn with what is known at the time. A frame after a shot shows its numbers, so it waits on the
/// encoding thread for the shot's measurement (`measured`).
///
/// `tracked` and `finish` run on the pipeline's queue; drawing and encoding on a serial queue of their own, fed
/// through a few slots: the pipeline waits for a slot (`analyze`), or the frame is left out and counted (`live`,
/// where waiting would make the camera's queue drop frames the tracker needs).
public final class VideoAnnotator: @unchecked Sendable {
    public let path: String
    public let codec: VideoEncoder.Codec
    private let calibration: LaneCalibration?
    private let size: PixelSize
    private let timeBase: (Int32, Int32)
    private let frameRate: (Int32, Int32)
    private let dropsWhenBehind: Bool
    private var encoder: VideoEncoder
    private var copier: FrameCopier?
    /// Kept while the camera stays put: a fixed camera's lane lines are the same on every frame.
    private var laneLines: (map: Homography, drawing: Drawing)?

    /// Frames the pipeline may still change, oldest first, and their bytes.
    private var waiting: [VideoFrame] = []
    private var waitingBytes = 0
    /// Finished shots' sightings, by number, while a waiting frame may still show them.
    private var finished: [(number: Int, observations: [Observation])] = []

    private let encoding = DispatchQueue(label: "bowlertrax.annotation", qos: .userInitiated)
    private let slots = DispatchSemaphore(value: 3)
    private let lock = Lock()
    private var shots: [Int: Shot] = [:]
    private var abandoned = false
    private var failure: Error?
    /// Frames left out because encoding fell behind (only when `dropsWhenBehind`).
    public private(set) var framesDropped = 0

    /// The encoder's settings: libx264's fastest preset, which leaves it little to do but code what changed, and that
    /// costs by the bit (CRF 30 took 9 % fewer instructions than its default 23 on the 1080p bench clip); CRF 28 halves
    /// the file, the drawn marks still whole (`VideoAnnotatorTests`). Two threads: on two cores the encoder then also
    /// uses the time the decoder leaves (it costs more than the decoding it rides on).
    static let quality = VideoEncoder.Quality(crf: 28, preset: "ultrafast", qscale: 4, threads: 2)

    /// Opens `path` for the video (its container from the extension) before any frame comes, so that a path that
    /// cannot be written fails at once. `timeBase` and `frameRate` are the input's (`FrameDecoder.timeBase`).
    public init(path: String, size: PixelSize, timeBase: (Int32, Int32), frameRate: (Int32, Int32), calibration: LaneCalibration?,
                dropsWhenBehind: Bool = false) throws {
        self.path = path
        self.size = size
        self.timeBase = timeBase
        self.frameRate = frameRate
        self.calibration = calibration
        self.dropsWhenBehind = dropsWhenBehind
        codec = VideoEncoder.isAvailable(.h264) ? .h264 : .mpeg4
        encoder = try VideoEncoder(path: path, codec: codec, width: size.width, height: size.height, timeBase: timeBase, frameRate: frameRate,
                                   quality: Self.quality)
    }

    /// Takes a frame the pipeline has just tracked, and `finishedShot`, the track of the shot it ended, if it did;
    /// draws and encodes every frame the pipeline has now settled.
    public func tracked(_ frame: VideoFrame, by pipeline: ShotPipeline, finishedShot: ShotPipeline.NumberedTrack?) {
        waiting.append(frame)
        waitingBytes += frame.byteCount
        if let finishedShot { finished.append((finishedShot.shotNumber, finishedShot.track.observations)) }
        let unsettled = pipeline.firstUnsettledFrame ?? Int.max
        while let first = waiting.first, first.index < unsettled || waitingBytes > RecentFrames.maxBytes || frame.timeS - first.timeS > RecentFrames.keptS {
            release(first, pipeline: pipeline)
        }
    }

    /// The end of the input, after `pipeline.finishTracking()`'s shots were given here: draws the frames still
    /// waiting, writes the end of the file, and reports the first error met on the way.
    public func finish(pipeline: ShotPipeline, finishedShots: [ShotPipeline.NumberedTrack]) throws {
        finished += finishedShots.map { ($0.shotNumber, $0.track.observations) }
        while let first = waiting.first { release(first, pipeline: pipeline) }
        try encoding.sync {
            if let failure { throw failure }
            try encoder.finish()
        }
    }

    /// A shot measured (on the measurement queue): the frames after it show its numbers.
    public func measured(_ shot: Shot) {
        lock.withLock {
            shots[shot.shotNumber] = shot
            lock.broadcast()
        }
    }

    /// The analysis failed: frames waiting for a shot's measurement stop waiting, and nothing more is encoded.
    public func abandon() {
        lock.withLock {
            abandoned = true
            lock.broadcast()
        }
    }

    /// Draws and encodes the oldest waiting frame with what the pipeline knows of it now.
    private func release(_ frame: VideoFrame, pipeline: ShotPipeline) {
        waiting.removeFirst()
        waitingBytes -= frame.byteCount
        let marks = self.marks(of: frame.index, pipeline: pipeline)
        // Only the last finished shot and those a waiting frame may still fall in are kept.
        let oldest = waiting.first?.index ?? Int.max
        while finished.count > 1, let last = finished[0].observations.last?.frame, last < oldest { finished.removeFirst() }
        guard slots.wait(timeout: dropsWhenBehind ? .now() : .distantFuture) == .success else {
            framesDropped += 1
            return
        }
        encoding.async { [self] in
            defer { slots.signal() }
            guard failure == nil else { return }
            do {
                try encode(frame, marks: marks)
            } catch {
                failure = error
            }
        }
    }

    /// What frame `index` shows: the ball of the shot it falls in (seen there, or carried between the sightings
    /// around it) and that shot's path so far; else the last shot before it, whole, with its numbers.
    private func marks(of index: Int, pipeline: ShotPipeline) -> FrameMarks {
        var marks = FrameMarks()
        // The reference view and the map from its pixels into this frame's.
        let toFrame = pipeline.view(ofFrame: index).flatMap { view in view.toReference.inverse.map { (view.frame, $0) } }
        if calibration != nil, let toFrame, toFrame.0 == 0 { marks.fromCalibration = toFrame.1 }
        let tracks = finished.map(\.observations) + [pipeline.tracker.followedObservations]
        func inFrame(_ observations: [Observation]) -> [Drawing.Point] {
            observations.compactMap { o in
                guard let toFrame, let from = pipeline.view(ofFrame: o.frame), from.frame == toFrame.0,
                      let reference = from.toReference.apply(o.candidate.xPx, o.candidate.yPx) else { return nil }
                return toFrame.1.apply(reference.x, reference.y)
            }
        }
        if let track = tracks.first(where: { ($0.first?.frame ?? .max) <= index && index <= ($0.last?.frame ?? .min) }) {
            let upTo = track.prefix { $0.frame <= index }
            marks.path = inFrame(Array(upTo))
            if let before = upTo.last {
                if before.frame == index {
                    marks.ball = (before.candidate.xPx, before.candidate.yPx, before.candidate.radiusPx, .seen)
                } else if let after = track.first(where: { $0.frame > index }) {
                    let share = Double(index - before.frame) / Double(after.frame - before.frame)
                    func along(_ a: Double, _ b: Double) -> Double { a + share * (b - a) }
                    marks.ball = (along(before.candidate.xPx, after.candidate.xPx), along(before.candidate.yPx, after.candidate.yPx),
                                  along(before.candidate.radiusPx, after.candidate.radiusPx), .carried)
                }
            }
        } else if let last = finished.last(where: { ($0.observations.last?.frame ?? .max) < index }) {
            marks.path = inFrame(last.observations)
            marks.afterShot = last.number
        }
        return marks
    }

    /// On the encoding queue: the frame copied, drawn on and encoded.
    private func encode(_ frame: VideoFrame, marks: FrameMarks) throws {
        if copier == nil {
            // The samples are tagged as the input's first frame's (its matrix and range): the encoder was opened with
            // BT.601 limited range, before any frame came, and is opened again for anything else.
            if frame.encoding != YUVEncoding(matrix: .bt601, fullRange: false) {
                encoder = try VideoEncoder(path: path, codec: codec, width: size.width, height: size.height, timeBase: timeBase, frameRate: frameRate,
                                           quality: Self.quality, encoding: frame.encoding)
            }
            copier = FrameCopier(width: size.width, height: size.height, encoding: frame.encoding)
        }
        guard let copier else { return }
        var canvas = FrameCanvas(frame: try copier.copy(frame))
        if let calibration, let map = marks.fromCalibration {
            if laneLines?.map != map { laneLines = (map, FrameOverlay.laneLines(calibration, fromCalibration: map, size: size)) }
            laneLines?.drawing.paint(on: &canvas)
        }
        let shot = try marks.afterShot.map { number in
            try lock.withLock { () throws -> Shot? in
                while shots[number] == nil && !abandoned { lock.wait() }
                return shots[number]
            }
        } ?? nil
        FrameOverlay.drawing(marks, shot: shot, calibration: calibration, size: size).paint(on: &canvas)
        let ticks = Int64((frame.timeS * Double(timeBase.1) / Double(timeBase.0)).rounded())
        try encoder.append(frame: canvas.frame, ptsTicks: ticks)
    }
}
