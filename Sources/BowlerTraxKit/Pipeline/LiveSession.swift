import Dispatch

/// What a live session has done so far; read from any thread.
public struct LiveStatus: Sendable {
    public var capture = CaptureStatistics()
    public var framesProcessed = 0
    /// Frames dropped by the bounded queue because processing fell behind.
    public var queueDrops = 0
    public var framesWithBall = 0
    /// Whether the ball was seen in the latest processed frame.
    public var ballInView = false
    public var shots = 0

    /// Every frame lost: by the driver (no free buffer) or by the queue (processing behind).
    public var totalDrops: Int { capture.driverDrops + queueDrops }
}

/// A camera feeding the same `ShotPipeline` as `VideoAnalyzer`: capture on its own thread, processing on a
/// high-priority serial queue, a bounded queue between them that drops the oldest frame when processing
/// falls behind (the camera never waits) and counts each drop.
public final class LiveSession: @unchecked Sendable {
    public let capture: CameraCapture
    private let pipeline: ShotPipeline
    private let frames: FrameQueue<VideoFrame>
    private let processing = DispatchQueue(label: "bowlertrax.live", qos: .userInteractive)
    private let lock = Lock()
    private var counters = LiveStatus()

    /// How long frames may wait for processing, seconds. Every frame of a shot counts, and a shot is reported
    /// only when it ends, so riding out a scheduling stall is worth more than low latency; a quarter second
    /// is 15 frames at 60 fps (21 MB at 720p).
    public static let queueSeconds = 0.25

    /// `queueCapacity` frames may wait for processing; by default a quarter second's worth (at least 4).
    public init(capture: CameraCapture, profile: BallProfile, calibration: LaneCalibration?, hand: Hand, queueCapacity: Int? = nil) {
        self.capture = capture
        pipeline = ShotPipeline(profile: profile, calibration: calibration, hand: hand, imageSize: capture.mode.size)
        frames = FrameQueue(capacity: queueCapacity ?? max(4, Int((capture.mode.fps * Self.queueSeconds).rounded(.up))))
    }

    public var status: LiveStatus {
        var status = lock.withLock { counters }
        status.capture = capture.stats
        status.queueDrops = frames.dropCount
        return status
    }

    /// Starts capturing. `onShot` runs on the measurement queue once a shot ended and was measured (print it, store
    /// it); if it throws, the session stops and that error is the result. `onEnd` runs once, after every captured
    /// frame was processed and every shot measured: nil after `stop()`, else what ended the session. `annotator`
    /// (made with `dropsWhenBehind`: the camera must not wait for it) writes the annotated video of the camera's frames.
    public func start(annotator: VideoAnnotator? = nil, onShot: @escaping @Sendable (Shot) throws -> Void, onEnd: @escaping @Sendable (Error?) -> Void) {
        let collector = ShotCollector(pipeline: pipeline, keepsShots: false, annotator: annotator, onShot: { [self] shot in
            try onShot(shot)
            lock.withLock { counters.shots += 1 }
        }, onFailure: { [capture] _ in capture.stop() })
        capture.start(onFrame: { [self] frame in
            frames.push(frame)
            // One block per frame pushed: a block finding the queue empty had its frame dropped.
            processing.async { [self] in
                guard let frame = frames.pop() else { return }
                process(frame, collector: collector)
            }
        }, onEnd: { [processing] captureError in
            // Queued after every frame's block, so it runs once all of them have.
            processing.async {
                var annotationFailure: Error?
                do { try collector.finishTracking() } catch { annotationFailure = error }
                collector.wait()
                onEnd(captureError ?? collector.failure ?? annotationFailure)
            }
        })
    }

    /// Stops capture after the frame in hand; the frames already queued are still processed.
    public func stop() {
        capture.stop()
    }

    /// Tracks one frame; a shot it completes is measured on the collector's queue, so the frames after it are not held up.
    private func process(_ frame: VideoFrame, collector: ShotCollector) {
        let withBallBefore = pipeline.framesWithBall
        collector.track(frame)
        lock.withLock {
            counters.framesProcessed = pipeline.framesProcessed
            counters.framesWithBall = pipeline.framesWithBall
            counters.ballInView = pipeline.framesWithBall > withBallBefore
        }
    }
}
