import Dispatch

/// What analysing one video produced.
public struct AnalysisResult: Sendable {
    public var video: String
    public var fps: Double
    public var frames: Int
    public var size: PixelSize
    public var shots: [Shot]
    /// Frames in which something ball-like was seen (zero hints at a wrong ball colour).
    public var framesWithBall: Int
    /// How the calibration read the balls seen rolling up the picture that it turned away (`ShotPipeline.turnedAway`):
    /// with no shot found, a sign of a wrong calibration.
    public var turnedAway: [(speedMph: Double, sizeRatio: Double)] = []
    public var corruptPackets: Int
    /// Why decoding stopped before the end of the file, if it did (a truncated file).
    public var stoppedEarly: String?
}

/// Analyses a video file: decoding on the calling thread, detection and tracking on a high-priority
/// serial queue, so the two overlap on two cores, and each finished shot measured on a third serial queue.
/// At most `maxFramesInFlight` decoded frames wait.
///
/// Two in flight are enough for the overlap (detection takes a fraction of a frame's decode time),
/// and each held frame pins a decoder buffer (3 MB at 1080p), so more would only cost memory.
///
/// A process that may run on one core only (`taskset`, a container's CPU set) has nothing to overlap: there each frame
/// is tracked on the decoding thread as soon as it is decoded, while its pixels are still in the cache, with no
/// hand-over between threads taking turns on that core.
public final class VideoAnalyzer {
    /// Nil: the ball is found by itself (see `ShotPipeline`).
    public let profile: BallProfile?
    public let calibration: LaneCalibration?
    public let hand: Hand
    public let decoderThreads: Int
    /// Whether frames are tracked on the decoding thread (one usable core) rather than on a queue of their own.
    public let tracksOnDecodingThread: Bool
    /// Where the user pointed at the ball, if they did (see `BallSeed`).
    public let seed: BallSeed?
    static let maxFramesInFlight = 2

    /// `decoderThreads` 0 means every core: decoding is most of the work, and detection (about a tenth of it) fits beside
    /// the decoder's frame threads (on two cores, one decoder thread left the analysis 1.16-1.25 times ffmpeg's
    /// all-core decode; two, 0.95-0.97 times, for one more frame thread's pictures: docs/performance.md).
    /// `cores`: the cores the process may run on.
    public init(profile: BallProfile?, calibration: LaneCalibration?, hand: Hand, decoderThreads: Int = 0, seed: BallSeed? = nil,
                cores: Int = FrameDecoder.usableCores) {
        self.profile = profile
        self.seed = seed
        self.calibration = calibration
        self.hand = hand
        self.decoderThreads = Self.threads(decoderThreads, cores: cores)
        tracksOnDecodingThread = cores == 1
    }

    /// Opens a video for `analyze(_:)` with `threads` decoder threads (0: as `init` chooses). A caller that must know
    /// the frame size before it can make the analyzer opens the video once with this: a pipe cannot be read twice.
    public static func open(path: String, decoderThreads: Int = 0) throws -> FrameDecoder {
        try FrameDecoder(path: path, threads: threads(decoderThreads))
    }

    /// The decoder threads `decoderThreads` 0 gives in this process.
    public static var defaultDecoderThreads: Int { threads(0) }

    private static func threads(_ requested: Int, cores: Int = FrameDecoder.usableCores) -> Int {
        requested > 0 ? requested : cores
    }

    /// Analyses `path`. `onShot` runs on the measurement queue as each shot is measured, in order (to store it at once);
    /// `onProgress` gets the fraction of the video decoded; `annotator` (made for this video) writes the annotated video.
    public func analyze(path: String, onShot: @escaping @Sendable (Shot) throws -> Void = { _ in },
                        onProgress: ((Double) -> Void)? = nil, annotator: VideoAnnotator? = nil) throws -> AnalysisResult {
        try analyze(Self.open(path: path, decoderThreads: decoderThreads), onShot: onShot, onProgress: onProgress, annotator: annotator)
    }

    /// Analyses the video `decoder` opened (`open(path:decoderThreads:)`), from its next frame.
    public func analyze(_ decoder: FrameDecoder, onShot: @escaping @Sendable (Shot) throws -> Void = { _ in },
                        onProgress: ((Double) -> Void)? = nil, annotator: VideoAnnotator? = nil) throws -> AnalysisResult {
        let path = decoder.path
        let size = PixelSize(width: decoder.width, height: decoder.height)
        if let calibration, calibration.imageSize != size {
            throw CalibrationError.imageSizeMismatch(path: calibration.source, calibration: calibration.imageSize, video: size)
        }
        let pipeline = ShotPipeline(profile: profile, calibration: calibration, hand: hand, imageSize: size, seed: seed)
        let queue = DispatchQueue(label: "bowlertrax.analysis", qos: .userInteractive)
        let slots = DispatchSemaphore(value: Self.maxFramesInFlight)
        let collector = ShotCollector(pipeline: pipeline, keepsShots: true, annotator: annotator, onShot: onShot)
        let expectedFrames = decoder.frameCountEstimate
        /// The slot is taken before decoding, so no decoded frame waits for one: the frames held are the two in flight,
        /// not a third beside them (each pins a decoder buffer). Where no frame comes (the end, an error) it goes back.
        func nextFrameInSlot() throws -> VideoFrame? {
            if tracksOnDecodingThread { return try decoder.nextFrame() }
            slots.wait()
            let frame = Result { try decoder.nextFrame() }
            if (try? frame.get()) == nil { slots.signal() }
            return try frame.get()
        }
        var frames = 0
        do {
            while let frame = try nextFrameInSlot() {
                frames += 1
                if let expectedFrames, expectedFrames > 0, frames % 15 == 0 { onProgress?(min(1, Double(frames) / Double(expectedFrames))) }
                if tracksOnDecodingThread {
                    collector.track(frame)
                    continue
                }
                queue.async {
                    defer { slots.signal() }
                    collector.track(frame)
                }
            }
        } catch {
            annotator?.abandon()
            queue.sync {}
            collector.wait()
            throw error
        }
        let annotated = Result { try queue.sync { try collector.finishTracking() } }
        collector.wait()
        if let failure = collector.failure { throw failure }
        try annotated.get()
        guard frames > 0 else { throw decoder.nothingDecoded }
        onProgress?(1)
        return AnalysisResult(video: path, fps: decoder.fps, frames: frames, size: size, shots: collector.shots,
                              framesWithBall: pipeline.framesWithBall, turnedAway: pipeline.turnedAway,
                              corruptPackets: decoder.corruptPackets, stoppedEarly: decoder.stoppedEarly)
    }
}
