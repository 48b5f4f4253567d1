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
    /// Where the user pointed at the ball, if they did: the ball followed from there by its shape.
    public let seed: BallSeed?
    private let discDetector = DiscDetector()
    public private(set) var shotCount = 0
    /// Frames in which some ball candidate was seen.
    public private(set) var framesWithBall = 0
    public private(set) var framesProcessed = 0

    public init(profile: BallProfile, calibration: LaneCalibration?, hand: Hand, imageSize: PixelSize, seed: BallSeed? = nil) {
        self.seed = seed
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
        let candidates: [BallCandidate]
        if let seed, seed.frameIndex == frame.index {
            // The seed's box is this frame's sighting.
            startFollowing(seed, in: frame)
            candidates = []
        } else if let search = tracker.discSearch(frame: frame.index) {
            candidates = seededCandidates(search, in: frame)
        } else {
            let window = tracker.searchWindow(atTimeS: frame.timeS, imageSize: frame.size)
            let found = detector.detect(in: frame, window: window)
            // A ball lost from its window (a missed prediction) is looked for everywhere before it is given up.
            candidates = found.isEmpty && window != nil ? detector.detect(in: frame) : found
        }
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

    /// Hands the tracker the ball the user pointed at, with its colour when its disc stands out there.
    private func startFollowing(_ seed: BallSeed, in frame: VideoFrame) {
        let search = DiscSearch(centerX: seed.centerX, centerY: seed.centerY, reachPx: seed.radiusPx / 4,
                                radiusPx: seed.radiusPx, reference: nil, distanceWeight: 0)
        let match = discDetector.search(search, in: frame)
        let reference = match.flatMap { $0.contrast >= ShotTracker.minDiscContrast ? $0.inside : nil }
        tracker.follow(seed, timeS: frame.timeS, reference: reference)
    }

    /// The seeded ball in this frame: the disc the shape search finds if it stands out, centred on the colour
    /// detector's outline when one agrees with it (an outline fit is sub-pixel; the disc search is not).
    private func seededCandidates(_ search: DiscSearch, in frame: VideoFrame) -> [BallCandidate] {
        guard let disc = discDetector.search(search, in: frame), disc.contrast >= ShotTracker.minDiscContrast else { return [] }
        let reach = disc.radiusPx + 1
        let window = PixelRect(x0: max(0, Int(disc.xPx - 2 * reach)), y0: max(0, Int(disc.yPx - 2 * reach)),
                               x1: min(frame.width, Int(disc.xPx + 2 * reach) + 1), y1: min(frame.height, Int(disc.yPx + 2 * reach) + 1))
        let outline = detector.detect(in: frame, window: window).first { candidate in
            let offset = ((candidate.xPx - disc.xPx) * (candidate.xPx - disc.xPx) + (candidate.yPx - disc.yPx) * (candidate.yPx - disc.yPx)).squareRoot()
            return offset < 0.25 * disc.radiusPx && (0.8...1.25).contains(candidate.radiusPx / disc.radiusPx)
        }
        var candidate = outline ?? BallCandidate(discAtX: disc.xPx, y: disc.yPx, radiusPx: disc.radiusPx)
        candidate.inside = disc.inside
        return [candidate]
    }

    private func numbered(_ track: TrackedShot) -> NumberedTrack {
        shotCount += 1
        return (track, shotCount)
    }
}
