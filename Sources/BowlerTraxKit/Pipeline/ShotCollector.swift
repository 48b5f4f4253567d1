import Dispatch

/// Measures finished tracks on its own serial queue, in the order they come, and hands each shot to `onShot`.
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
    private let queue = DispatchQueue(label: "bowlertrax.measurement", qos: .userInteractive)
    private(set) var shots: [Shot] = []
    private(set) var failure: Error?

    /// `keepsShots` false for a session that may run for hours: each shot is handed on and not kept.
    init(pipeline: ShotPipeline, keepsShots: Bool, onShot: @escaping @Sendable (Shot) throws -> Void,
         onFailure: @escaping @Sendable (Error) -> Void = { _ in }) {
        self.pipeline = pipeline
        self.keepsShots = keepsShots
        self.onShot = onShot
        self.onFailure = onFailure
    }

    /// Queues the measurement of a finished track; returns at once.
    func measure(_ finished: ShotPipeline.NumberedTrack) {
        queue.async { [self] in
            guard failure == nil else { return }
            let shot = pipeline.measure(finished)
            do {
                try onShot(shot)
                if keepsShots { shots.append(shot) }
            } catch {
                failure = error
                onFailure(error)
            }
        }
    }

    /// Returns once every queued measurement is done.
    func wait() {
        queue.sync {}
    }
}
