/// Detection, tracking and measurement for one lane, frame by frame: the part `analyze` and `live` share.
///
/// Not thread-safe (hence `@unchecked Sendable`): it is handed to one serial queue, which feeds it frames in order;
/// only `measure(_:)` may run elsewhere.
public final class ShotPipeline: @unchecked Sendable {
    /// A finished shot's track and its number in the input (from 1), before measurement.
    public typealias NumberedTrack = (track: TrackedShot, shotNumber: Int)

    public let detector: BallDetector
    public let tracker: ShotTracker
    public let measurer: ShotMeasurer
    public let predictor = StrikePredictor()
    public private(set) var shotCount = 0
    /// Frames in which some ball candidate was seen.
    public private(set) var framesWithBall = 0
    public private(set) var framesProcessed = 0

    public init(profile: BallProfile, calibration: LaneCalibration?, hand: Hand, imageSize: PixelSize) {
        let region = calibration?.searchRegion() ?? SearchRegion(width: imageSize.width, height: imageSize.height)
        detector = BallDetector(profile: profile, region: region, sizeModel: calibration)
        tracker = ShotTracker(calibration: calibration)
        measurer = ShotMeasurer(calibration: calibration, hand: hand)
    }

    /// Detection and tracking of one frame, without measuring: the track of the shot this frame completes and
    /// its number, if it does. `ShotCollector` measures it with `measure(_:)` on another queue, so the next
    /// frames are not held up by the measurement.
    public func track(_ frame: VideoFrame) -> NumberedTrack? {
        framesProcessed += 1
        let window = tracker.searchWindow(atTimeS: frame.timeS, imageSize: frame.size)
        var candidates = detector.detect(in: frame, window: window)
        // A ball lost from its window (a missed prediction) is looked for everywhere before it is given up.
        if candidates.isEmpty, window != nil { candidates = detector.detect(in: frame) }
        if !candidates.isEmpty { framesWithBall += 1 }
        let track = tracker.update(frame: frame.index, timeS: frame.timeS, candidates: candidates)
        // Sampled now: the frame's buffers are not kept.
        tracker.annotateSightings(inFrame: frame.index) { [detector] candidate in
            ObservedAppearance(frame: frame, candidate: candidate, markerAxis: MarkerColorAxis(profile: detector.profile, encoding: frame.encoding))
        }
        return track.map(numbered)
    }

    /// The end of the input for `track(_:)`: the track of a ball still being followed and its number, if any.
    public func finishTracking() -> NumberedTrack? {
        tracker.finish().map(numbered)
    }

    /// Measures a finished track and predicts its pin action. Reads only immutable state, so unlike the rest of
    /// the pipeline it may run on any thread, beside `track(_:)`.
    public func measure(_ finished: NumberedTrack) -> Shot {
        var shot = measurer.measure(finished.track, shotNumber: finished.shotNumber)
        predictor.predict(&shot)
        return shot
    }

    private func numbered(_ track: TrackedShot) -> NumberedTrack {
        shotCount += 1
        return (track, shotCount)
    }
}
