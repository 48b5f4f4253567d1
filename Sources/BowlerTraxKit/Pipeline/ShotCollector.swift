import Dispatch

/// Tracks each frame with the pipeline, measures finished tracks on its own serial queue, in the order they come,
/// and hands each shot to `onShot`; with an `annotator`, hands it each tracked frame and each measured shot.
/// The first error from `onShot` is kept, reported once to `onFailure`, and later shots are skipped.
///
/// Measuring a shot (the friction-path fit, the pin-action simulation) takes as long as tens of frames: run
/// where the frames are tracked, it would hold up decoding (`VideoAnalyzer`) or let the camera's queue
/// overflow at the end of every shot (`LiveSession`). `shots` (when kept) and `failure` are read after `wait()`.
final class ShotCollector: @unchecked Sendable {
    private let pipeline: ShotPipeline
    private let keepsShots: Bool
    private let onShot: @Sendable (Shot) throws -> Void
    private let onFailure: @Sendable (Error) -> Void
    private let annotator: VideoAnnotator?
    private let queue = DispatchQueue(label: "bowlertrax.measurement", qos: .userInteractive)
    private(set) var shots: [Shot] = []
    private(set) var failure: Error?

    /// `keepsShots` false for a session that may run for hours: each shot is handed on and not kept.
    init(pipeline: ShotPipeline, keepsShots: Bool, annotator: VideoAnnotator? = nil, onShot: @escaping @Sendable (Shot) throws -> Void,
         onFailure: @escaping @Sendable (Error) -> Void = { _ in }) {
        self.pipeline = pipeline
        self.keepsShots = keepsShots
        self.annotator = annotator
        self.onShot = onShot
        self.onFailure = onFailure
    }

    /// Tracks one frame (on the pipeline's queue); the shot it completes, if any, is queued for measuring.
    func track(_ frame: VideoFrame) {
        let finished = pipeline.track(frame)
        if let finished { measure(finished) }
        annotator?.tracked(frame, by: pipeline, finishedShot: finished)
    }

    /// The end of the input (on the pipeline's queue): the ball still followed, and any shot still waiting for its
    /// pins, become shots, and the annotated video is finished.
    func finishTracking() throws {
        let finished = pipeline.finishTracking()
        finished.forEach(measure)
        try annotator?.finish(pipeline: pipeline, finishedShots: finished)
    }

    /// Queues the measurement of a finished track; returns at once.
    private func measure(_ finished: ShotPipeline.NumberedTrack) {
        queue.async { [self] in
            guard failure == nil else { return }
            let shot = pipeline.measure(finished)
            annotator?.measured(shot)
            do {
                try onShot(shot)
                if keepsShots { shots.append(shot) }
            } catch {
                failure = error
                annotator?.abandon()
                onFailure(error)
            }
        }
    }

    /// Returns once every queued measurement is done.
    func wait() {
        queue.sync {}
    }
}
